# The two commands of the README. Both install what is missing first
# (scripts/setup.sh, Debian packages), then configure and build with CMake.
#   make demo   compile examples/saxpy.cl with wavecc, run it in the emulator
#   make check  every test: unit, pass (lit), kernel corpus x3, under ASan+UBSan
#   make package  the Debian package build/wavecc_VERSION_ARCH.deb (cmake/package.cmake)
JOBS ?= $(shell nproc)
BUILD ?= build
CHECK_BUILD ?= build-check

.PHONY: all setup build demo check package clean

all: build

setup:
	@bash scripts/setup.sh

build: setup
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

demo: build
	$(BUILD)/tools/wavecc examples/saxpy.cl -mcpu=gfx900 --stats -o $(BUILD)/saxpy.hsaco
	$(BUILD)/tools/wavecc-run --stats examples/saxpy.cl

check: setup
	@cmake -S . -B $(CHECK_BUILD) -DCMAKE_BUILD_TYPE=Debug -DWAVECC_SANITIZE=ON >/dev/null
	@cmake --build $(CHECK_BUILD) -j $(JOBS)
	cd $(CHECK_BUILD) && ctest --output-on-failure -j $(JOBS)

package: build
	cd $(BUILD) && cpack -G DEB

clean:
	rm -rf $(BUILD) $(CHECK_BUILD)
