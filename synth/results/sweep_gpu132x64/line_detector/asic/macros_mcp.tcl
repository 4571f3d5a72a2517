foreach c [get_cells -quiet -filter "ref_name == scord_sram_macro_32x1024m6" *] {
  set_multicycle_path -setup 6 -from $c
  set_multicycle_path -hold 5 -from $c
  lappend scord_mc [list $c 6]
}
foreach c [get_cells -quiet -filter "ref_name == scord_sram_macro_32x273m6" *] {
  set_multicycle_path -setup 6 -from $c
  set_multicycle_path -hold 5 -from $c
  lappend scord_mc [list $c 6]
}
