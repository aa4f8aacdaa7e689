/*!
[config]
name: a program that must not compile
expect_build_fail: true
!*/
kernel void broken(global int *x)
{
    x[0] = undeclared_identifier;
}
