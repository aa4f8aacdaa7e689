# lit configuration for wavecc pass tests: each test feeds text machine IR
# (or LLVM IR) to wavecc-opt / wavecc and checks the output with FileCheck.
import os
import lit.formats

config.name = "wavecc-passes"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mir", ".ll"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.wavecc_bin_dir, "..", "tests", "passes-out")
config.excludes = ["Inputs"]
config.substitutions.append(("%wavecc-opt", os.path.join(config.wavecc_bin_dir, "wavecc-opt")))
config.substitutions.append(("%wavecc", os.path.join(config.wavecc_bin_dir, "wavecc")))
config.substitutions.append(("FileCheck", os.path.join(config.llvm_bin_dir, "FileCheck")))
config.substitutions.append(("split-file", os.path.join(config.llvm_bin_dir, "split-file")))
config.substitutions.append(("%not", os.path.join(config.llvm_bin_dir, "not")))
config.environment["ASAN_OPTIONS"] = "detect_leaks=1"
config.substitutions.append(("%llvm-mc", os.path.join(config.llvm_bin_dir, "llvm-mc")))
config.substitutions.append(("%wavecc-run", os.path.join(config.wavecc_bin_dir, "wavecc-run")))
config.substitutions.append(("%llc", os.path.join(config.llvm_bin_dir, "llc")))
config.substitutions.append(("%ld.lld", os.path.join(config.llvm_bin_dir, "ld.lld")))
config.substitutions.append(("%llvm-readelf", os.path.join(config.llvm_bin_dir, "llvm-readelf")))
config.substitutions.append(("%xnack-check", "python3 " + os.path.join(config.wavecc_src_root, "scripts", "check-xnack-replay.py")))
