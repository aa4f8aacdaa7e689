; The pass-test harness itself: FileCheck must see what the RUN line prints.
; RUN: echo "wavecc pass tests" | FileCheck %s
; CHECK: wavecc pass tests
