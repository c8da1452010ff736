// A missing s_waitcnt: s5 gets the loaded value under some seeds and the old
// s4 under others; gpumem-wave reports read-before-wait under every seed.
s_load_dword s4, s[0:1], 0x0
s_nop 15
s_nop 15
s_nop 15
s_mov_b32 s5, s4
s_endpgm
