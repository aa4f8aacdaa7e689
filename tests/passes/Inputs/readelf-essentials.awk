# The essentials of `llvm-readelf -s -r` for comparing two relocatable
# objects made from the same IR: the global symbols (type, binding,
# visibility, defined or undefined, name) and the relocations against
# named symbols (type, symbol, addend); offsets, sizes, section-relative
# relocations and local symbols depend on the code and are left out.
$3 ~ /^R_AMDGPU_/ && $5 !~ /^\./ { print "reloc", $3, $5, $6, $7 }
$1 ~ /^[0-9]+:$/ && $5 == "GLOBAL" { print "sym", $4, $5, $6, ($7 == "UND" ? "UND" : "defined"), $8 }
