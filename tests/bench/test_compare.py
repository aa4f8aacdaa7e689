#!/usr/bin/python3
"""Parsers of bench/compare on captured inputs. Runs no compiler and times
nothing: llc-gfx900-sample.s and llc-gfx900-lanes.s are llc-19's
-filetype=asm output for the .cl files of the same names (clang-19 + libclc
+ opt-19 -O2, gfx900), captured once.
The expected instruction counts were taken independently with awk (mnemonic
lines per function label)."""

import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def load_compare():
    path = os.path.join(REPO, "bench", "compare")
    loader = importlib.machinery.SourceFileLoader("bench_compare", path)
    spec = importlib.util.spec_from_loader("bench_compare", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


C = load_compare()


class LlcAsm(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(os.path.join(HERE, "llc-gfx900-sample.s")) as f:
            cls.funcs = C.parse_llc_asm(f.read())

    def test_functions_and_kernels(self):
        self.assertEqual(set(self.funcs), {"saxpy", "mix3", "callmix", "spill"})
        self.assertTrue(self.funcs["saxpy"]["kernel"])
        self.assertTrue(self.funcs["spill"]["kernel"])
        self.assertFalse(self.funcs["mix3"]["kernel"])

    def test_instruction_counts(self):
        got = {n: f["instructions"] for n, f in self.funcs.items()}
        self.assertEqual(got, {"saxpy": 29, "mix3": 5, "callmix": 36, "spill": 145})

    def test_kernel_info_comments(self):
        s = self.funcs["saxpy"]
        self.assertEqual((s["code_bytes"], s["sgprs"], s["vgprs"], s["scratch_bytes"],
                          s["occupancy"]), (168, 13, 4, 0, 10))
        sp = self.funcs["spill"]
        self.assertEqual((sp["code_bytes"], sp["sgprs"], sp["vgprs"], sp["scratch_bytes"]),
                         (892, 20, 8, 60))
        # "; Function info:" of a non-kernel has no occupancy
        self.assertEqual(self.funcs["mix3"]["code_bytes"], 24)
        self.assertNotIn("occupancy", self.funcs["mix3"])

    def test_spills(self):
        self.assertEqual((self.funcs["spill"]["spills"], self.funcs["spill"]["reloads"]),
                         (15, 39))
        self.assertEqual((self.funcs["saxpy"]["spills"], self.funcs["saxpy"]["reloads"]),
                         (0, 0))

    def test_lane_ops_count_only_with_sgpr_spills(self):
        # llc-gfx900-lanes.s: `count` uses v_readlane_b32 for the atomic
        # optimizer (metadata .sgpr_spill_count: 0), `sgpr_heavy` spills 5
        # SGPRs into VGPR lanes (5 v_writelane_b32, 5 v_readlane_b32)
        with open(os.path.join(HERE, "llc-gfx900-lanes.s")) as f:
            funcs = C.parse_llc_asm(f.read())
        self.assertEqual((funcs["count"]["instructions"], funcs["count"]["spills"],
                          funcs["count"]["reloads"]), (53, 0, 0))
        self.assertEqual((funcs["sgpr_heavy"]["instructions"], funcs["sgpr_heavy"]["spills"],
                          funcs["sgpr_heavy"]["reloads"]), (148, 5, 5))
        self.assertEqual(funcs["sgpr_heavy"]["sgprs"], 28)

    def test_aggregate_per_file(self):
        agg = C.aggregate_functions(self.funcs)
        self.assertEqual(agg["instructions"], 29 + 5 + 36 + 145)
        self.assertEqual(agg["code_bytes"], 168 + 24 + 212 + 892)
        self.assertEqual(agg["sgprs"], 39)     # max over kernels (callmix includes mix3)
        self.assertEqual(agg["vgprs"], 10)
        self.assertEqual(agg["scratch_bytes"], 60)
        self.assertEqual(agg["occupancy"], 10)
        self.assertEqual((agg["spills"], agg["reloads"]), (15, 39))


class WaveccStats(unittest.TestCase):
    def test_key_value_lines(self):
        text = ("saxpy: instructions=30 code_bytes=172 sgprs=12 vgprs=5 scratch=0 "
                "occupancy=10 spills=0 reloads=0\n"
                "other: instructions=10 code_bytes=40 sgprs=20 vgprs=3 scratch=16 "
                "occupancy=8 spills=2 reloads=3\n")
        st = C.parse_wavecc_stats(text)
        self.assertEqual(st, {"instructions": 40, "code_bytes": 212, "sgprs": 20, "vgprs": 5,
                              "scratch_bytes": 16, "occupancy": 8, "spills": 2,
                              "reloads": 3})

    def test_colon_pairs_with_spaces_and_total(self):
        text = ("kernel saxpy\n  instructions: 30, code bytes: 172, SGPRs: 12, VGPRs: 5\n"
                "kernel k2\n  instructions: 10, code bytes: 40, SGPRs: 9, VGPRs: 7\n"
                "total instructions: 40\n")
        st = C.parse_wavecc_stats(text)
        self.assertEqual(st["instructions"], 40)   # the total, not 80
        self.assertEqual(st["code_bytes"], 212)
        self.assertEqual((st["sgprs"], st["vgprs"]), (12, 7))

    def test_table(self):
        text = ("kernel  instructions  code_bytes  sgprs  vgprs  scratch  occupancy  spills  reloads\n"
                "saxpy   30            172         12     5      0        10         0       0\n")
        st = C.parse_wavecc_stats(text)
        self.assertEqual(st, {"instructions": 30, "code_bytes": 172, "sgprs": 12, "vgprs": 5,
                              "scratch_bytes": 0, "occupancy": 10, "spills": 0, "reloads": 0})

    def test_value_first(self):
        st = C.parse_wavecc_stats("saxpy: 30 instructions, 172 bytes, 12 sgprs, 5 vgprs\n")
        self.assertEqual(st, {"instructions": 30, "code_bytes": 172, "sgprs": 12, "vgprs": 5})

    def test_wavecc_format(self):
        # the line src/driver/pipeline.c writes for --stats
        text = ("saxpy: instructions 30, code bytes 172, NumSgprs 13, NumVgprs 4, ScratchSize 0, "
                "Occupancy 10, spills 0, reloads 0\n"
                "total_sum: instructions 12, code bytes 60, NumSgprs 20, NumVgprs 9, "
                "ScratchSize 8, Occupancy 9, spills 1, reloads 2\n")
        self.assertEqual(C.parse_wavecc_stats(text),
                         {"instructions": 42, "code_bytes": 232, "sgprs": 20, "vgprs": 9,
                          "scratch_bytes": 8, "occupancy": 9, "spills": 1, "reloads": 2})

    def test_nothing(self):
        self.assertEqual(C.parse_wavecc_stats("wavecc: not built yet\n"), {})


class RunStatsAndTimes(unittest.TestCase):
    def test_run_stats_summed_over_tests(self):
        text = ("saxpy/small: pass\n  wave-instructions: 120  salu: 40 valu: 60 smem: 4 "
                "vmem: 9 lds: 0 cycles: 900\n"
                "saxpy/big: pass\n  wave-instructions: 240  salu: 80 valu: 120 smem: 8 "
                "vmem: 18 lds: 2 cycles: 1800\n"
                "2 passed, 0 failed, 0 skipped\n")
        st = C.parse_run_stats(text)
        self.assertEqual((st["wave_instructions"], st["vmem"], st["smem"], st["lds"],
                          st["cycles"]), (360, 27, 12, 2, 2700))
        self.assertEqual((st["passed"], st["failed"], st["skipped"]), (2, 0, 0))

    def test_runner_format(self):
        # src/runner/exec_emu.c with --stats: the compiler's own --stats line,
        # then one line per test; test names may hold numbers and commas
        text = ("saxpy: instructions 30, code bytes 172, NumSgprs 13, NumVgprs 4, ScratchSize 0, "
                "Occupancy 10, spills 0, reloads 0\n"
                "  stats saxpy [y = 2x + y over 300 work-items, 7 cycles (x)]: 120 wave-instructions "
                "(salu 40, valu 60, smem 4, vmem 9, lds 0, branch 5, other 2), lane utilisation "
                "93.8%, ~900 cycles, 3 waves in 3 workgroups\n"
                "  stats saxpy [b]: 30 wave-instructions (salu 10, valu 15, smem 1, vmem 3, lds 1, "
                "branch 1, other 0), lane utilisation 50.0%, ~200 cycles, 1 waves in 1 workgroups\n"
                "PASS saxpy.cl: b\n1 passed, 1 failed, 0 skipped\n")
        st = C.parse_run_stats(text)
        self.assertEqual((st["wave_instructions"], st["salu"], st["vmem"], st["smem"],
                          st["lds"], st["cycles"]), (150, 50, 12, 5, 1, 1100))
        self.assertEqual((st["passed"], st["failed"]), (1, 1))

    def test_tests_matched_across_compilers(self):
        def out(c1, status2):
            return ("k: instructions 9, code bytes 40, NumSgprs 13, NumVgprs 4, ScratchSize 0, "
                    "Occupancy 10, spills 0, reloads 0\n"
                    "  stats k [a]: %d wave-instructions (salu 1, valu 2, smem 1, vmem 2, lds 0, "
                    "branch 0, other 0), lane utilisation 100.0%%, ~%d cycles, 1 waves in 1 workgroups\n"
                    "pass  t.cl: a\n"
                    "  stats k [b]: 50 wave-instructions (salu 1, valu 2, smem 1, vmem 7, lds 0, "
                    "branch 0, other 0), lane utilisation 100.0%%, ~500 cycles, 1 waves in 1 workgroups\n"
                    "%s  t.cl: b: index 3: expected 1, got 2\n"
                    "skip  t.cl: c: images\n"
                    "1 passed, 1 failed, 1 skipped\n" % (c1, c1 * 10, status2))
        a = C.parse_run_tests(out(10, "fail"))
        self.assertEqual([(n, s) for n, s, _ in a], [("a", "pass"), ("b: index 3: expected 1, got 2", "fail"), ("c: images", "skip")])
        self.assertEqual(a[0][2]["wave_instructions"], 10)
        self.assertEqual(a[1][2]["vmem"], 7)
        # the runner's order since e849fbd: result line, then its stats lines
        after = ("pass  t.cl: a\n  stats k [a]: 10 wave-instructions (salu 1, vmem 7), mode writes 2, ~100 cycles\n"
                 "fail  t.cl: b: index 3: expected 1, got 2\n  stats k [b]: 30 wave-instructions (vmem 9), ~300 cycles\n"
                 "1 passed, 1 failed, 0 skipped\n")
        c = C.parse_run_tests(after)
        self.assertEqual([(n, s) for n, s, _ in c], [("a", "pass"), ("b: index 3: expected 1, got 2", "fail")])
        self.assertEqual((c[0][2]["wave_instructions"], c[0][2]["mode_writes"], c[1][2]["vmem"]), (10, 2, 9))
        b = C.parse_run_tests(out(20, "pass"))
        sa, sb, used, total = C.match_tests(a, b)
        self.assertEqual((used, total), (1, 3))
        self.assertEqual((sa["wave_instructions"], sb["wave_instructions"]), (10, 20))
        self.assertEqual((sa["cycles"], sb["cycles"]), (100, 200))

    def test_wavecc_time_passes_table(self):
        # import (IR parsing) and assemble-link (llvm-mc/ld.lld children) are not own time
        text = ("===== wavecc pass times =====\n"
                "  0.004000 s  40.0%  import\n  0.001000 s  10.0%  divergence\n"
                "  0.002000 s  20.0%  isel\n  0.000500 s   5.0%  regalloc\n"
                "  0.002500 s  25.0%  assemble-link\n  0.010000 s total\n")
        self.assertAlmostEqual(C.parse_time_passes(text), 0.0035)

    def test_time_passes(self):
        self.assertAlmostEqual(C.parse_time_passes("isel 0.5 ms\nra 0.7 ms\ntotal: 1.25 ms\n"),
                               1.25e-3)
        self.assertAlmostEqual(C.parse_time_passes(
            "  Total Execution Time: 0.0040 seconds (0.0041 wall clock)\n"), 0.004)
        self.assertIsNone(C.parse_time_passes("isel 0.5 ms\n"))


class ConfigAndSummary(unittest.TestCase):
    def test_config_block(self):
        src = ("/*!\n[config]\nname: t\nbuild_options: -D N=4 \\\n  -cl-std=CL2.0  # c\n"
               "expect_build_fail: true\n[test]\nname: x\n!*/\nkernel void k() {}\n")
        cfg = C.parse_config(C.extract_block("a.cl", src))
        self.assertEqual(cfg["build_options"].split(), ["-D", "N=4", "-cl-std=CL2.0"])
        self.assertEqual(cfg["expect_build_fail"], "true")
        self.assertNotIn("name: x", cfg.values())
        ll = "; [config]\n; build_options: -DX=1\n; [test]\n; name: y\ndefine void @k() { ret void }\n"
        self.assertEqual(C.parse_config(C.extract_block("b.ll", ll)),
                         {"build_options": "-DX=1"})

    def test_summary(self):
        class K:
            skip = wavecc_error = llc_error = None

        ks = []
        for w, l in ((10, 20), (30, 30), (40, 20), (0, 0)):
            k = K()
            k.v = {"wavecc": w, "llc": l}
            ks.append(k)
        failed = K()
        failed.wavecc_error = "boom"
        failed.v = {"wavecc": 1, "llc": 1000}
        ks.append(failed)
        metrics = [("m", "m", lambda k, who: k.v[who], True, 0)]
        (s,) = C.summarize(ks, metrics)
        self.assertEqual((s["kernels"], s["better"], s["equal"], s["worse"]), (4, 1, 2, 1))
        # ratios 0.5, 1, 2, and 0/0 counted as 1: geometric mean 1
        self.assertAlmostEqual(s["geomean_ratio"], 1.0)
        self.assertEqual(s["ratio_kernels"], 4)
        higher = [("o", "o", lambda k, who: k.v[who], False, 0)]
        (s,) = C.summarize(ks, higher)
        self.assertEqual((s["better"], s["worse"]), (1, 1))

    def test_svg_and_csv_are_written(self):
        with tempfile.TemporaryDirectory() as d:
            k = C.Kernel(os.path.join(d, "k.cl"))
            k.static = {"wavecc": {"instructions": 20, "vgprs": 4},
                        "llc": {"instructions": 40, "vgprs": 4}}
            k.times = {"wavecc": [0.01, 0.02, 0.03], "llc": [0.1, 0.2, 0.3]}
            metrics = C.metric_table()
            svg = os.path.join(d, "r.svg")
            C.write_svg([k], metrics, svg)
            with open(svg) as f:
                text = f.read()
            self.assertTrue(text.startswith("<svg"))
            self.assertIn("instructions: 0.500", text)
            self.assertIn("compile time: 0.100", text)
            csvp = os.path.join(d, "r.csv")
            spath = C.write_csv([k], metrics, C.summarize([k], metrics), csvp, None)
            with open(csvp) as f:
                rows = list(C.csv.DictReader(f))
            self.assertEqual(rows[0]["instructions_ratio"], "0.5000")
            self.assertEqual(rows[0]["compile_ms_wavecc"], "20")
            self.assertTrue(os.path.exists(spath))


class Budget(unittest.TestCase):
    def test_kernel_attribute_groups_get_the_budget(self):
        ir = ('define amdgpu_kernel void @k(ptr %a) #0 !kernel_arg_type !1 {\n  ret void\n}\n'
              'define void @f() #1 {\n  ret void\n}\n'
              'define amdgpu_kernel void @bare() {\n  ret void\n}\n'
              'attributes #0 = { nounwind "amdgpu-num-vgpr"="4" }\n'
              'attributes #1 = { nounwind }\n')
        out = C.budget_ir(ir, 8, 24)
        self.assertIn('attributes #0 = { nounwind "amdgpu-num-vgpr"="4" "amdgpu-num-sgpr"="24" }', out)
        self.assertIn("attributes #1 = { nounwind }", out)  # not a kernel's
        self.assertIn("define amdgpu_kernel void @bare() #9999 {", out)
        self.assertIn('attributes #9999 = { "amdgpu-num-vgpr"="8" "amdgpu-num-sgpr"="24" }', out)

    def test_dynamic_spill_counts_are_parsed(self):
        st = C.parse_run_stats("  stats k [t]: 10 wave-instructions (salu 1), ~30 cycles, "
                               "dyn-spills 7, dyn-reloads 5, emulated in 0.1 ms\n1 passed, 0 failed")
        self.assertEqual((st.get("dyn_spills"), st.get("dyn_reloads")), (7, 5))


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]] + sys.argv[1:])
