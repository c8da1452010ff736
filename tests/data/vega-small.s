s_mov_b32 s0, 7
s_load_dword s1, s[2:3], 0x10
s_waitcnt lgkmcnt(0)
s_endpgm
