#!/usr/bin/env bash
# Makes `cargo afl` work with Debian's afl++ (no network beyond crates.io and Debian): installs
# the afl++ package and cargo-afl when missing, then points cargo-afl at Debian's afl-fuzz and
# its compiler runtime (afl-compiler-rt.o) instead of the AFL++ build `cargo afl config --build`
# would clone from the network.
set -euo pipefail
if ! command -v afl-fuzz >/dev/null; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq afl++ >/dev/null
fi
version=0.18.2
if ! cargo afl --version >/dev/null 2>&1; then
  cargo install --quiet --locked cargo-afl --version "$version"
fi
release=$(rustc -vV | sed -n 's/^release: //p')
hash=$(rustc -vV | sed -n 's/^commit-hash: //p' | cut -c1-7)
base="${XDG_DATA_HOME:-$HOME/.local/share}/afl.rs/rustc-$release${hash:+-$hash}/afl.rs-$version"
mkdir -p "$base/afl/bin" "$base/afl-llvm"
ln -sf "$(command -v afl-fuzz)" "$base/afl/bin/afl-fuzz"
ln -sf /usr/lib/afl/afl-compiler-rt.o "$base/afl-llvm/afl-compiler-rt.o"
echo "cargo-afl $version uses Debian's afl++ ($(afl-fuzz -h 2>&1 | head -1 | tr -d '\n' | cut -c1-40))"
