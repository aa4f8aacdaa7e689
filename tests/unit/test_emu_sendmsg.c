/* Emulator: messages a compute wave sends (exec_salu.c, sendmsg).
 * s_sendmsg MSG_INTERRUPT lets the wave go on (the host has no handler);
 * s_sendmsghalt halts the wave, which then never finishes: the dispatch
 * must fail at once naming the halt and the PC, not run into the watchdog
 * or hang; messages not modelled (graphics stages, the trap handler's) are
 * refused by name; the SALU M0 write -> s_sendmsghalt hazard is checked as
 * for s_sendmsg. */
#include "test_emu_util.h"

static uint32_t out[64];
static char msg[600];

static void expect(const char *what, const char *body, const char *needle) {
  printf("emu sendmsg: %s\n", what);
  memset(out, 0, sizeof out);
  int rc = emu_quick(body, NULL, out, 64, NULL, 0, NULL, msg, sizeof msg);
  if (needle) {
    CHECK(rc == -1, "%s: dispatch should fail, rc=%d", what, rc);
    CHECK(strstr(msg, needle) != NULL, "%s: message lacks \"%s\": %s", what, needle, msg);
    CHECK(strstr(msg, "pc 0x") != NULL, "%s: message lacks the PC: %s", what, msg);
    printf("  reported: %s\n", msg);
  } else {
    CHECK(rc == 0, "%s: dispatch should pass: %s", what, msg);
    CHECK(out[5] == 42, "%s: the wave did not go on after the message: out[5] = %u", what, out[5]);
  }
}

#define STORE_42 "  v_mov_b32 v1, 42\n  global_store_dword v[10:11], v1, off\n  s_waitcnt vmcnt(0)\n"

int main(void) {
  expect("MSG_INTERRUPT: the wave goes on",
         EMU_PROLOGUE "  s_mov_b32 m0, 7\n  s_nop 0\n  s_sendmsg sendmsg(MSG_INTERRUPT)\n" STORE_42, NULL);
  expect("s_sendmsghalt halts the wave: reported, not hung",
         EMU_PROLOGUE STORE_42 "  s_mov_b32 m0, 0\n  s_nop 0\n  s_sendmsghalt sendmsg(MSG_INTERRUPT)\n" STORE_42,
         "wave halted (message 1, MSG_INTERRUPT; wave 0 of its work-group): a halted wave never finishes");
  expect("s_sendmsghalt of message 0 halts too",
         EMU_PROLOGUE "  s_sendmsghalt 0\n", "wave halted (message 0, reserved;");
  expect("a graphics message is refused",
         EMU_PROLOGUE "  s_mov_b32 m0, 0\n  s_nop 0\n  s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)\n",
         "message 3 (MSG_GS_DONE) is not modelled");
  expect("a trap handler's message is refused",
         EMU_PROLOGUE "  s_mov_b32 m0, 0\n  s_nop 0\n  s_sendmsg sendmsg(MSG_SAVEWAVE)\n",
         "message 4 (MSG_SAVEWAVE) is not modelled");
  expect("SALU M0 write right before s_sendmsghalt: hazard",
         EMU_PROLOGUE "  s_mov_b32 m0, 0\n  s_sendmsghalt sendmsg(MSG_INTERRUPT)\n",
         "SALU write of M0 followed by s_sendmsg");
  if (failures) { fprintf(stderr, "test_emu_sendmsg: %d check(s) FAILED\n", failures); return 1; }
  printf("test_emu_sendmsg: all checks passed\n");
  return 0;
}
