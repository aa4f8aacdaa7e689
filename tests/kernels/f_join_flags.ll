; join-flags (src/llvm/join_flags.cpp, issue 25): the loop vectoriser's
; shape with a remainder loop (clang -O2 -mcpu=gfx90a): too short a trip
; count skips the vector loop for the remainder loop, and the middle block
; goes to the remainder loop or straight to the end, so the remainder
; loop joins the arms of the length test without post-dominating it.
; k_div: on a divergent trip count per lane; k_uni: under `if (t == 0)`
; with a uniform one (f_partial_waves.cl's shape). Both used to go to
; masked linearisation; the pass adds a flow block with a path flag.
; Host reference: tests computed in Python (sum of x[0..n), the vector
; part's sum tripled in the middle block).
;
; [config]
; name: join flags
; dimensions: 1
;
; [test]
; name: divergent trip counts
; kernel_name: k_div
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 buffer int[64] 63 64 63 33 1 63 12 5 1 32 31 33 0 63 8 32 16 2 4 3 2 8 5 4 8 4 16 7 5 64 33 16 12 16 63 63 33 33 32 33 31 16 64 3 9 32 13 0 8 0 5 9 64 3 9 1 1 64 5 1 9 5 13 2
; arg_out: 2 buffer int[64] 65 144 65 168 -2 65 -210 -89 -2 132 59 168 0 65 -123 132 -171 46 -78 -3 46 -123 -89 -78 -123 -78 -171 -48 -89 144 168 -171 -210 -171 65 65 168 168 132 168 59 -171 144 -3 -77 132 -188 0 -123 0 -89 -77 144 -3 -77 -2 -2 144 -89 -2 -77 -89 -188 46
;
; [test]
; name: uniform n = 0
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 0
; arg_out: 2 buffer int[64] -1 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
;
; [test]
; name: uniform n = 3
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 3
; arg_out: 2 buffer int[64] -3 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
;
; [test]
; name: uniform n = 4
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 4
; arg_out: 2 buffer int[64] -78 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
;
; [test]
; name: uniform n = 8
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 8
; arg_out: 2 buffer int[64] -123 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
;
; [test]
; name: uniform n = 9
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 9
; arg_out: 2 buffer int[64] -77 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
;
; [test]
; name: uniform n = 13
; kernel_name: k_uni
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[64] -2 48 -49 -23 -11 31 10 -45 46 -18 -46 -11 22 4 -38 25 -35 23 37 43 -25 15 29 -10 -27 20 -5 15 10 17 -37 31 36 -38 26 24 -5 3 -5 -26 36 -30 29 8 -41 -41 1 22 -42 15 31 -34 43 -45 19 -28 -41 24 -22 48 4 21 7 5
; arg_in: 1 int 13
; arg_out: 2 buffer int[64] -188 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63

target triple = "amdgcn-amd-amdhsa"

; s = sum x[0..n): a vector loop of 4 per step when n >= 4, its sum
; tripled in the middle block, then the remainder loop
define amdgpu_kernel void @k_div(ptr addrspace(1) %x, ptr addrspace(1) %ns, ptr addrspace(1) %out) {
pre:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pn = getelementptr i32, ptr addrspace(1) %ns, i32 %t
  %n = load i32, ptr addrspace(1) %pn
  %short = icmp ult i32 %n, 4
  br i1 %short, label %rem, label %vec
vec:
  %nv = and i32 %n, -4
  br label %vloop
vloop:
  %i = phi i32 [ 0, %vec ], [ %i.next, %vloop ]
  %acc = phi i32 [ 0, %vec ], [ %acc4, %vloop ]
  %p0 = getelementptr i32, ptr addrspace(1) %x, i32 %i
  %v0 = load i32, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  %v1 = load i32, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  %v2 = load i32, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  %v3 = load i32, ptr addrspace(1) %p3
  %acc1 = add i32 %acc, %v0
  %acc2 = add i32 %acc1, %v1
  %acc3 = add i32 %acc2, %v2
  %acc4 = add i32 %acc3, %v3
  %i.next = add i32 %i, 4
  %vdone = icmp eq i32 %i.next, %nv
  br i1 %vdone, label %middle, label %vloop
middle:
  %red = mul i32 %acc4, 3
  %all = icmp eq i32 %nv, %n
  br i1 %all, label %done, label %rem
rem:
  %k0 = phi i32 [ 0, %pre ], [ %nv, %middle ]
  %s0 = phi i32 [ 0, %pre ], [ %red, %middle ]
  %empty = icmp eq i32 %k0, %n
  br i1 %empty, label %done, label %rloop
rloop:
  %k = phi i32 [ %k0, %rem ], [ %k.next, %rloop ]
  %s = phi i32 [ %s0, %rem ], [ %s1, %rloop ]
  %pk = getelementptr i32, ptr addrspace(1) %x, i32 %k
  %w = load i32, ptr addrspace(1) %pk
  %s1 = add i32 %s, %w
  %k.next = add i32 %k, 1
  %rdone = icmp eq i32 %k.next, %n
  br i1 %rdone, label %done, label %rloop
done:
  %r = phi i32 [ %red, %middle ], [ %s0, %rem ], [ %s1, %rloop ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

; lane 0 computes k_div's sum for a uniform n (-1 for n = 0), the others
; store their id
define amdgpu_kernel void @k_uni(ptr addrspace(1) %x, i32 %n, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  %first = icmp eq i32 %t, 0
  br i1 %first, label %head, label %other
other:
  store i32 %t, ptr addrspace(1) %po
  br label %end
head:
  %none = icmp eq i32 %n, 0
  br i1 %none, label %done, label %pre
pre:
  %short = icmp ult i32 %n, 4
  br i1 %short, label %rem, label %vec
vec:
  %nv = and i32 %n, -4
  br label %vloop
vloop:
  %i = phi i32 [ 0, %vec ], [ %i.next, %vloop ]
  %acc = phi i32 [ 0, %vec ], [ %acc4, %vloop ]
  %p0 = getelementptr i32, ptr addrspace(1) %x, i32 %i
  %v0 = load i32, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  %v1 = load i32, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  %v2 = load i32, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  %v3 = load i32, ptr addrspace(1) %p3
  %acc1 = add i32 %acc, %v0
  %acc2 = add i32 %acc1, %v1
  %acc3 = add i32 %acc2, %v2
  %acc4 = add i32 %acc3, %v3
  %i.next = add i32 %i, 4
  %vdone = icmp eq i32 %i.next, %nv
  br i1 %vdone, label %middle, label %vloop
middle:
  %red = mul i32 %acc4, 3
  %all = icmp eq i32 %nv, %n
  br i1 %all, label %done, label %rem
rem:
  %k0 = phi i32 [ 0, %pre ], [ %nv, %middle ]
  %s0 = phi i32 [ 0, %pre ], [ %red, %middle ]
  br label %rloop
rloop:
  %k = phi i32 [ %k0, %rem ], [ %k.next, %rloop ]
  %s = phi i32 [ %s0, %rem ], [ %s1, %rloop ]
  %pk = getelementptr i32, ptr addrspace(1) %x, i32 %k
  %w = load i32, ptr addrspace(1) %pk
  %s1 = add i32 %s, %w
  %k.next = add i32 %k, 1
  %rdone = icmp eq i32 %k.next, %n
  br i1 %rdone, label %done, label %rloop
done:
  %r = phi i32 [ -1, %head ], [ %red, %middle ], [ %s1, %rloop ]
  store i32 %r, ptr addrspace(1) %po
  br label %end
end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
