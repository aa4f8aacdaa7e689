/* Run-time defaults for the sanitizer builds (WAVECC_SANITIZE: make check).
 *
 * GCC 12's sanitizer runtime (and LLVM's before 17) intercepts
 * __tls_get_addr to record each thread's dynamic TLS blocks for
 * LeakSanitizer's root set.  It takes a block whose address is 16 bytes past
 * a 4 KiB boundary for one carrying glibc 2.19-2.24's header and reads the
 * two words before it as the block's start and size (sanitizer_tls_get_addr
 * in compiler-rt; google/sanitizers#1322).  glibc 2.25 and later (Debian 12
 * has 2.36) have no such header, so when malloc happens to place a block at
 * that offset the recorded range is garbage and LeakSanitizer's tracer
 * faults scanning it at exit ("Tracer caught signal 11", exit status 1).
 * The front end's library (libwavecc-clang.so, dlopen()ed in these builds)
 * holds LLVM's thread_locals, so its blocks are dynamic TLS; where they land
 * depends only on the program's allocations, which is why one link change
 * (2026-11-30) made every uncached .cl compile crash and none before it.
 *
 * Seen in the full check build (2026-11-30 04:40 UTC): with
 * LSAN_OPTIONS=intercept_tls_get_addr=1:verbosity=2 an uncached
 * `wavecc saxpy.cl` logs "glibc >=2.19 suspected; tls={0x3a0 0x3000001102}"
 * for a block at 0x604000021010 and then "Tracer caught signal 11:
 * addr=0x3a0", exit status 1; with this default it exits 0.
 *
 * intercept_tls_get_addr=0 stops the recording: static TLS and every
 * thread's stack stay in the root set, dynamic TLS leaves it, so a leak
 * reachable only from a dynamic TLS block would be reported (stricter, not
 * laxer).  The environment's LSAN_OPTIONS/ASAN_OPTIONS still override it.
 * CMakeLists.txt links this file into every target of a sanitizer build. */
#if defined(__SANITIZE_ADDRESS__)
/* Called by the sanitizer runtime once at start-up, before main; returns
 * LeakSanitizer's (and the common) flags in LSAN_OPTIONS syntax. */
const char *__lsan_default_options(void);
const char *__lsan_default_options(void)
{
    return "intercept_tls_get_addr=0";
}
#else
/* ISO C wants a translation unit to declare something. */
typedef int wavecc_sanitizer_options_unused;
#endif
