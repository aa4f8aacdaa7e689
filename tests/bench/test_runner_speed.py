#!/usr/bin/python3
"""bench/runner-speed's --csv text and bench/o2-share's CSV reading and
geometric means, on made-up samples. Runs no compiler and times nothing."""

import importlib.machinery
import importlib.util
import math
import os
import statistics
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def load(name):
    path = os.path.join(REPO, "bench", name)
    loader = importlib.machinery.SourceFileLoader(name.replace("-", "_"), path)
    spec = importlib.util.spec_from_loader(loader.name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


RS = load("runner-speed")
O2 = load("o2-share")

FILES = ["/x/bench/kernels/a.cl", "/x/tests/kernels/b.cl"]
CONFIGS = ["wavecc-cold", "oclgrind"]
# (wall, CPU) samples; b.cl failed under Oclgrind, b.cl's cached compile has no sample
TIMES = {
    (FILES[0], "wavecc-cold"): [(0.030, 0.020), (0.040, 0.022), (0.050, 0.021)],
    (FILES[0], "oclgrind"): [(0.200, 0.100)],
    (FILES[1], "wavecc-cold"): [(0.300, 0.240)],
    (FILES[1], "oclgrind"): [(0.100, 0.060)],
}
COMPILE = {
    (FILES[0], "uncached"): [(0.025, 0.018)],
    (FILES[0], "cached"): [(0.004, 0.003)],
    (FILES[1], "uncached"): [(0.250, 0.230)],
    (FILES[1], "cached"): [],
}
PASSED = {(FILES[0], "wavecc-cold"), (FILES[0], "oclgrind"), (FILES[1], "wavecc-cold")}


def med(f, c, i):
    v = TIMES[(f, c)] if c in CONFIGS else COMPILE[(f, c)]
    return statistics.median(x[i] for x in v) if v else float("nan")


def ran(f, c):
    return (f, c) in PASSED


class RunnerSpeedCsv(unittest.TestCase):
    def test_rows(self):
        text = RS.csv_text(FILES, CONFIGS, med, ran, COMPILE)
        self.assertEqual(text.splitlines(), [
            "file,config,ok,wall,cpu",
            "a.cl,wavecc-cold,1,0.0400,0.0210",
            "a.cl,oclgrind,1,0.2000,0.1000",
            "a.cl,uncached,1,0.0250,0.0180",
            "a.cl,cached,1,0.0040,0.0030",
            "b.cl,wavecc-cold,1,0.3000,0.2400",
            "b.cl,oclgrind,0,0.1000,0.0600",
            "b.cl,uncached,1,0.2500,0.2300",
            "b.cl,cached,0,nan,nan",
        ])

    def test_o2_share_reads_it(self):
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(RS.csv_text(FILES, CONFIGS, med, ran, COMPILE))
        try:
            runs = O2.read_runs(f.name)
        finally:
            os.unlink(f.name)
        # b.cl failed under Oclgrind: left out
        self.assertEqual(runs, {"a.cl": (0.021, 0.1)})


class O2ShareGeomean(unittest.TestCase):
    RUNS = {"a.cl": (0.020, 0.100), "b.cl": (0.240, 0.060)}

    def test_now(self):
        self.assertAlmostEqual(O2.geomean_ratios(self.RUNS, {}), math.sqrt(0.2 * 4.0))

    def test_saved(self):
        # 10 ms off a.cl and 180 ms off b.cl: 0.1 and 1.0
        self.assertAlmostEqual(O2.geomean_ratios(self.RUNS, {"a.cl": 0.010, "b.cl": 0.180}), math.sqrt(0.1))

    def test_floor(self):
        # never below 1 ms: 0.001 / 0.1
        self.assertAlmostEqual(O2.geomean_ratios({"a.cl": (0.020, 0.100)}, {"a.cl": 0.5}), 0.01)


if __name__ == "__main__":
    unittest.main()
