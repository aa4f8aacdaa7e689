/*!
[config]
kernel_name: k
dimensions: 4
!*/
