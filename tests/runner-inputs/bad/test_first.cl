/*!
[test]
name: t
!*/
