; # Loops whose exits are all uniform but go to several targets (session 18,
; # dl18). k_tgt: the header exits to the join, the latch to a target whose
; # region (a divergent loop first) reads %i1 and %w of the latch; k_stop:
; # the same inside a divergent and a uniform if whose join is the loop's
; # (the join ends the enclosing region), k_stop1 with one exit target
; # (at -O0; -O2 reshapes it); k_nest: the inner loop's uniform
; # exit leaves the outer loop too, to a target reading %w of that exit.
; # Such a loop was lowered with every exit lane-masked and the targets
; # after a landing block every exit reaches, where those SGPR values are
; # not defined on the linear CFG (verifier error after isel, llvm-stress
; # seed 59805 at gfx1030); no wrong value was found in Release. Now the
; # exits stay scalar branches (k_tgt, k_stop) or the kernel takes the
; # masked selector (k_nest). Expected values: a host reference in python
; # (inputs random.seed(18) & 0xffff; r = i1*1000 + w + j1, j1 = max(1, v & 7)).
; [config]
; name: loop_uniform_exits
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: tgt exit at 4
; kernel_name: k_tgt
; arg_out: 0 buffer int[64] 4584 4579 4582 4581 4585 4579 4579 4580 4584 4582 4579 4580 4579 4579 4580 4580 4582 4580 4585 4580 4582 4581 4585 4581 4579 4582 4585 4583 4579 4582 4585 4583 4583 4581 4585 4583 4581 4581 4580 4584 4585 4579 4583 4581 4584 4582 4580 4581 4585 4581 4579 4579 4582 4582 4579 4582 4581 4580 4581 4585 4584 4585 4580 4579
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 9
; arg_in: 3 int 578
;
; [test]
; name: header exit
; kernel_name: k_tgt
; arg_out: 0 buffer int[64] -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 3
; arg_in: 3 int 578
;
; [test]
; name: stop tgt exit
; kernel_name: k_stop
; arg_out: 0 buffer int[64] 20634 -4 20632 -4 -4 20629 -4 20630 20634 20632 20629 20630 20629 -4 20630 20630 20632 20630 -4 20630 20632 -4 -4 -4 -4 20632 -4 -4 -4 20632 -4 -4 -4 -4 -4 -4 -4 -4 20630 20634 -4 20629 -4 -4 20634 20632 20630 -4 -4 -4 20629 -4 20632 20632 20629 20632 -4 20630 -4 -4 20634 -4 20630 -4
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 9
; arg_in: 3 int 5
;
; [test]
; name: stop header exit
; kernel_name: k_stop
; arg_out: 0 buffer int[64] -2 -4 -2 -4 -4 -2 -4 -2 -2 -2 -2 -2 -2 -4 -2 -2 -2 -2 -4 -2 -2 -4 -4 -4 -4 -2 -4 -4 -4 -2 -4 -4 -4 -4 -4 -4 -4 -4 -2 -2 -4 -2 -4 -4 -2 -2 -2 -4 -4 -4 -2 -4 -2 -2 -2 -2 -4 -2 -4 -4 -2 -4 -2 -4
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 4
; arg_in: 3 int 5
;
; [test]
; name: stop guard
; kernel_name: k_stop
; arg_out: 0 buffer int[64] -3 -4 -3 -4 -4 -3 -4 -3 -3 -3 -3 -3 -3 -4 -3 -3 -3 -3 -4 -3 -3 -4 -4 -4 -4 -3 -4 -4 -4 -3 -4 -4 -4 -4 -4 -4 -4 -4 -3 -3 -4 -3 -4 -4 -3 -3 -3 -4 -4 -4 -3 -4 -3 -3 -3 -3 -4 -3 -4 -4 -3 -4 -3 -4
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 1
; arg_in: 3 int 5
;
; [test]
; name: stop1 latch exit
; kernel_name: k_stop1
; arg_out: 0 buffer int[64] 15628 -4 15628 -4 -4 15628 -4 15628 15628 15628 15628 15628 15628 -4 15628 15628 15628 15628 -4 15628 15628 -4 -4 -4 -4 15628 -4 -4 -4 15628 -4 -4 -4 -4 -4 -4 -4 -4 15628 15628 -4 15628 -4 -4 15628 15628 15628 -4 -4 -4 15628 -4 15628 15628 15628 15628 -4 15628 -4 -4 15628 -4 15628 -4
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 9
; arg_in: 3 int 5
;
; [test]
; name: stop1 header exit
; kernel_name: k_stop1
; arg_out: 0 buffer int[64] -2 -4 -2 -4 -4 -2 -4 -2 -2 -2 -2 -2 -2 -4 -2 -2 -2 -2 -4 -2 -2 -4 -4 -4 -4 -2 -4 -4 -4 -2 -4 -4 -4 -4 -4 -4 -4 -4 -2 -2 -4 -2 -4 -4 -2 -2 -2 -4 -4 -4 -2 -4 -2 -2 -2 -2 -4 -2 -4 -4 -2 -4 -2 -4
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 4
; arg_in: 3 int 5
;
; [test]
; name: nest tgt exit
; kernel_name: k_nest
; arg_out: 0 buffer int[64] 23006 23001 23004 23003 23007 23001 23001 23002 23006 23004 23001 23002 23001 23001 23002 23002 23004 23002 23007 23002 23004 23003 23007 23003 23001 23004 23007 23005 23001 23004 23007 23005 23005 23003 23007 23005 23003 23003 23002 23006 23007 23001 23005 23003 23006 23004 23002 23003 23007 23003 23001 23001 23004 23004 23001 23004 23003 23002 23003 23007 23006 23007 23002 23001
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 4
; arg_in: 3 int 23
; arg_in: 4 int 6
;
; [test]
; name: nest outer exit
; kernel_name: k_nest
; arg_out: 0 buffer int[64] -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; arg_in: 1 buffer int[64] 23758 16097 58828 43851 31391 25944 64161 64754 23982 62884 38728 60074 34672 25705 33266 15466 42524 22850 30743 22154 31116 26243 47911 26459 64705 28324 39183 34733 873 44924 53135 28893 53205 45339 35671 35333 39739 15051 36874 62574 19031 65016 21005 24883 27110 57276 17218 53347 62959 13267 26376 34001 44516 61516 11624 64444 19387 62594 19947 64159 10334 32711 12138 46193
; arg_in: 2 int 4
; arg_in: 3 int 1000
; arg_in: 4 int 6
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; two uniform exits to two targets: %exit (header) and %tgt (latch)
define amdgpu_kernel void @k_tgt(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 -1, ptr addrspace(1) %q
  br label %h
h:
  %i = phi i32 [0, %entry], [%i1, %latch]
  %s = phi i32 [7, %entry], [%s2, %latch]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %latch, label %exit
latch:
  %i1 = add i32 %i, 1
  %s1 = mul i32 %s, 3
  %w = xor i32 %s1, %i1
  %s2 = add i32 %s1, %i
  %c2 = icmp eq i32 %w, %m
  br i1 %c2, label %tgt, label %h
tgt:
  br label %l2
l2:
  %j = phi i32 [0, %tgt], [%j1, %l2]
  %j1 = add i32 %j, 1
  %c3 = icmp ult i32 %j1, %v7
  br i1 %c3, label %l2, label %st
st:
  %i1k = mul i32 %i1, 1000
  %r0 = add i32 %i1k, %w
  %r1 = add i32 %r0, %j1
  store i32 %r1, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}

; the loop's join ends the region of the uniform if guarding it
define amdgpu_kernel void @k_stop(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %odd = and i32 %v, 1
  %dv = icmp eq i32 %odd, 0
  br i1 %dv, label %g, label %join
g:
  %cg = icmp sgt i32 %n, 1
  br i1 %cg, label %h, label %join
h:
  %i = phi i32 [0, %g], [%i1, %latch]
  %s = phi i32 [5, %g], [%s1, %latch]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %latch, label %join
latch:
  %i1 = add i32 %i, 1
  %s1 = mul i32 %s, 5
  %w = xor i32 %s1, %i1
  %c2 = icmp eq i32 %i1, %m
  br i1 %c2, label %tgt, label %h
tgt:
  br label %l2
l2:
  %j = phi i32 [0, %tgt], [%j1, %l2]
  %j1 = add i32 %j, 1
  %c3 = icmp ult i32 %j1, %v7
  br i1 %c3, label %l2, label %st
st:
  %i1k = mul i32 %i1, 1000
  %r0 = add i32 %i1k, %w
  %r1 = add i32 %r0, %j1
  br label %join
join:
  %r = phi i32 [%r1, %st], [-2, %h], [-3, %g], [-4, %entry]
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; an exit of the inner loop leaves the outer one too (uniform), to a
; target of the outer loop whose region reads a value of that exit
define amdgpu_kernel void @k_nest(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m, i32 %kk) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 -1, ptr addrspace(1) %q
  br label %oh
oh:
  %o = phi i32 [1, %entry], [%o1, %ox]
  br label %ih
ih:
  %i = phi i32 [0, %oh], [%i1, %il]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %il, label %ox
il:
  %i1 = add i32 %i, 1
  %w0 = mul i32 %i1, 7
  %w = xor i32 %w0, %o
  %c2 = icmp eq i32 %w, %m
  br i1 %c2, label %tgt, label %ih
ox:
  %o1 = add i32 %o, 1
  %c3 = icmp ult i32 %o1, %kk
  br i1 %c3, label %oh, label %exit
tgt:
  br label %l2
l2:
  %j = phi i32 [0, %tgt], [%j1, %l2]
  %j1 = add i32 %j, 1
  %c4 = icmp ult i32 %j1, %v7
  br i1 %c4, label %l2, label %st
st:
  %r0 = mul i32 %w, 1000
  %r1 = add i32 %r0, %j1
  store i32 %r1, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @k_stop1(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %odd = and i32 %v, 1
  %dv = icmp eq i32 %odd, 0
  br i1 %dv, label %g, label %join
g:
  %cg = icmp sgt i32 %n, 1
  br i1 %cg, label %h, label %join
h:
  %i = phi i32 [0, %g], [%i1, %latch]
  %s = phi i32 [5, %g], [%s1, %latch]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %latch, label %join
latch:
  %i1 = add i32 %i, 1
  %s1 = mul i32 %s, 5
  %w = xor i32 %s1, %i1
  %c2 = icmp eq i32 %i1, %m
  br i1 %c2, label %join, label %h
join:
  %r = phi i32 [%w, %latch], [-2, %h], [-3, %g], [-4, %entry]
  store i32 %r, ptr addrspace(1) %q
  ret void
}
