; Private-to-generic cast in a kernel that calls (issue 26: LLVM 19's
; swdev282079.ll stopped at "unsupported constant: ptr addrspacecast (ptr
; addrspace(5) null to ptr)"): the kernel sets FLAT_SCRATCH from its
; flat-scratch-init user SGPRs before moving its inputs out of the call
; region, and the function it calls sums and rewrites the kernel's private
; array through the generic pointer (flat accesses in the private
; aperture). On main: "unsupported instruction: addrspacecast". Host
; reference: tests/kernels/gen/gen_private_to_flat_call.py.
; [config]
; name: private-to-generic cast passed to a function
; kernel_name: k
; dimensions: 1
;
; [test]
; name: one group
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 4104798862 1365569933 3872572127 706338385 1256924312 3558902422 3109745830 3560513299 \
;     1409847410 4116466677 3708662943 2613154538 3196797039 4077739149 165265957 1700423997 \
;     1768525891 21103933 3689210919 2744836349 3923148467 2228934515 1529762907 4103020098 \
;     1348817598 3184419318 1866453722 405221054 1854197578 3924197951 4274805902 1617459392 \
;     430156916 3958230845 2249883105 1242385032 2559988394 2659588010 614843883 2801249365 \
;     561022948 64199844 3545735229 3244090430 2172954954 1298679711 3156691237 3812811229 \
;     3414302694 2648799843 1009839706 311205922 2517598146 2460133995 366835770 866741503 \
;     3248291629 2508606793 2324236020 1948108880 2020859926 2660793997 2164816636 153127831
; arg_out: 1 buffer uint[128] 2963788321 1141739650 3898452347 3107543257 915806028 3494172088 1412676773 2116707011 \
;     1256924312 53 3437480537 415449330 293384393 2821080178 1357151326 2229101430 \
;     4229542239 2819695064 3223963627 896895969 3899499852 895488504 3544496327 1216686648 \
;     4099539916 1255228232 2991598459 1096644569 991595787 851660593 1612609435 88350409 \
;     2779136286 3436171590 126623643 114170569 3743883660 79938992 3584116251 1983620873 \
;     2807691998 1318028310 325803486 2544994902 1824084350 932644110 3719125711 690111640 \
;     851788657 1654657442 816098809 2372587506 1304393879 578857592 2836547441 2973067682 \
;     1267625447 621454008 1328812620 2798817304 4153837601 156947586 1617459392 21 \
;     2150784610 2576478955 2274548635 1820267721 204798917 2318304819 1242385032 21 \
;     3384997895 1364503224 3683796743 1158959288 2459375550 3056783806 3922594347 1329178177 \
;     2805114770 2252480619 320999250 284267499 4094542235 660234697 1233796593 2295781794 \
;     2223897575 84497080 1799503180 640318200 1760278283 3570204209 1402030939 2966661801 \
;     2425282441 1527562354 2005264798 3932460006 3029519127 2292327800 933617775 623460440 \
;     3257827151 1411448984 1250601406 3626500926 1100507319 1413812472 2638964812 2934048088 \
;     2309880635 1211171961 722246293 3196770251 3031245538 1042556395 1948108880 53 \
;     1261117657 861454578 3079862139 688556505 2234148618 69344283 1225022732 1076156064
;

target triple = "amdgcn-amd-amdhsa"

define i32 @sum(ptr %p, i32 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %s = phi i32 [0, %entry], [%s1, %loop]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  store i32 %s1, ptr %p
  ret i32 %s1
}

define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %buf = alloca [8 x i32], addrspace(5)
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %lid
  %x = load i32, ptr addrspace(1) %pi
  br label %fill
fill:
  %j = phi i32 [0, %entry], [%j1, %fill]
  %pj = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 %j
  %j3 = mul i32 %j, 3
  %v = add i32 %x, %j3
  store i32 %v, ptr addrspace(5) %pj
  %j1 = add i32 %j, 1
  %c = icmp ult i32 %j1, 8
  br i1 %c, label %fill, label %go
go:
  %f = addrspacecast ptr addrspace(5) %buf to ptr
  %x7 = and i32 %x, 7
  %n = add i32 %x7, 1
  %s = call i32 @sum(ptr %f, i32 %n)
  %b0 = load i32, ptr addrspace(5) %buf
  %p7 = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 7
  %b7 = load i32, ptr addrspace(5) %p7
  %x07 = xor i32 %b0, %b7
  %o = shl i32 %lid, 1
  %po0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %s, ptr addrspace(1) %po0
  %po1 = getelementptr i32, ptr addrspace(1) %po0, i32 1
  store i32 %x07, ptr addrspace(1) %po1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
