/*!
[config]
kernel_name: k
!*/
