"""PTX kernels for breadth-B research. `python3 ptx_breadthB.py` compiles each with ptxas 11.8 for sm_50 and sm_52,
dumps cuobjdump -sass into /tmp/bB/ptx/NAME.sm_5x.sass and prints which kernels failed to build."""
import os, subprocess, sys

CUDA_BIN = os.environ.get("GPUMEM_CUDA_BIN", "/root/.cache/gpumem-oracles/cuda/usr/bin")
OUT = "/tmp/bB/ptx"
HDR = ".version 6.0\n.target sm_50\n.address_size 64\n"
K = {}

K["atom_global"] = r"""
.visible .entry atom_global(.param .u64 p, .param .u64 q)
{
 .reg .u64 %rd<30>; .reg .u32 %r<40>; .reg .f32 %f<8>; .reg .pred %p<3>;
 ld.param.u64 %rd1, [p]; ld.param.u64 %rd2, [q];
 cvta.to.global.u64 %rd1, %rd1; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x; cvt.u64.u32 %rd3, %r1; mov.u32 %r30, %ctaid.x;
 atom.global.add.u32 %r2, [%rd1], %r1;
 atom.global.min.u32 %r3, [%rd1+4], %r1;
 atom.global.max.u32 %r4, [%rd1+8], %r1;
 atom.global.min.s32 %r5, [%rd1+12], %r1;
 atom.global.max.s32 %r6, [%rd1+16], %r1;
 atom.global.inc.u32 %r7, [%rd1+20], %r1;
 atom.global.dec.u32 %r8, [%rd1+24], %r1;
 atom.global.and.b32 %r9, [%rd1+28], %r1;
 atom.global.or.b32 %r10, [%rd1+32], %r1;
 atom.global.xor.b32 %r11, [%rd1+36], %r1;
 atom.global.exch.b32 %r12, [%rd1+40], %r1;
 atom.global.cas.b32 %r13, [%rd1+44], %r1, %r30;
 atom.global.add.f32 %f1, [%rd1+48], 0f3F800000;
 atom.global.add.u64 %rd4, [%rd1+56], %rd3;
 atom.global.exch.b64 %rd5, [%rd1+64], %rd3;
 atom.global.cas.b64 %rd6, [%rd1+72], %rd3, %rd2;
 atom.global.min.u64 %rd7, [%rd1+80], %rd3;
 atom.global.max.s64 %rd8, [%rd1+88], %rd3;
 atom.global.and.b64 %rd9, [%rd1+96], %rd3;
 atom.global.or.b64 %rd10, [%rd1+104], %rd3;
 atom.global.xor.b64 %rd11, [%rd1+112], %rd3;
 atom.global.min.s64 %rd12, [%rd1+120], %rd3;
 atom.global.max.u64 %rd13, [%rd1+128], %rd3;
 atom.global.add.u32 %r14, [%rd1+0x7fffc], 7;
 atom.global.cas.b32 %r15, [%rd1+0x100], 5, 9;
 add.u32 %r20, %r2, %r3; add.u32 %r20, %r20, %r4; add.u32 %r20, %r20, %r5; add.u32 %r20, %r20, %r6;
 add.u32 %r20, %r20, %r7; add.u32 %r20, %r20, %r8; add.u32 %r20, %r20, %r9; add.u32 %r20, %r20, %r10;
 add.u32 %r20, %r20, %r11; add.u32 %r20, %r20, %r12; add.u32 %r20, %r20, %r13; add.u32 %r20, %r20, %r14; add.u32 %r20, %r20, %r15;
 cvt.rzi.u32.f32 %r21, %f1; add.u32 %r20, %r20, %r21;
 add.u64 %rd20, %rd4, %rd5; add.u64 %rd20, %rd20, %rd6; add.u64 %rd20, %rd20, %rd7; add.u64 %rd20, %rd20, %rd8;
 add.u64 %rd20, %rd20, %rd9; add.u64 %rd20, %rd20, %rd10; add.u64 %rd20, %rd20, %rd11; add.u64 %rd20, %rd20, %rd12; add.u64 %rd20, %rd20, %rd13;
 st.global.u32 [%rd2], %r20; st.global.u64 [%rd2+8], %rd20;
 ret;
}
"""

K["red_global"] = r"""
.visible .entry red_global(.param .u64 p)
{
 .reg .u64 %rd<10>; .reg .u32 %r<10>;
 ld.param.u64 %rd1, [p]; cvta.to.global.u64 %rd1, %rd1;
 mov.u32 %r1, %tid.x; cvt.u64.u32 %rd3, %r1;
 red.global.add.u32 [%rd1], %r1;
 red.global.min.u32 [%rd1+4], %r1;
 red.global.max.s32 [%rd1+8], %r1;
 red.global.inc.u32 [%rd1+12], %r1;
 red.global.dec.u32 [%rd1+16], %r1;
 red.global.and.b32 [%rd1+20], %r1;
 red.global.or.b32 [%rd1+24], %r1;
 red.global.xor.b32 [%rd1+28], %r1;
 red.global.add.f32 [%rd1+32], 0f3F800000;
 red.global.add.u64 [%rd1+40], %rd3;
 red.global.min.s64 [%rd1+48], %rd3;
 red.global.and.b64 [%rd1+56], %rd3;
 red.global.max.u32 [%rd1+64], %r1;
 red.global.min.s32 [%rd1+68], %r1;
 red.add.u32 [%rd1+72], %r1;
 ret;
}
"""

K["atom_shared"] = r"""
.visible .entry atom_shared(.param .u64 q)
{
 .shared .align 8 .b8 sm[1024];
 .reg .u64 %rd<20>; .reg .u32 %r<40>; .reg .f32 %f<4>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x; mov.u32 %r30, %ctaid.x; cvt.u64.u32 %rd3, %r1;
 mov.u32 %r31, sm; shl.b32 %r32, %r1, 3; add.u32 %r31, %r31, %r32;
 atom.shared.add.u32 %r2, [%r31], %r1;
 atom.shared.min.u32 %r3, [%r31+4], %r1;
 atom.shared.max.s32 %r4, [%r31+8], %r1;
 atom.shared.inc.u32 %r5, [%r31+12], %r1;
 atom.shared.dec.u32 %r6, [%r31+16], %r1;
 atom.shared.and.b32 %r7, [%r31+20], %r1;
 atom.shared.or.b32 %r8, [%r31+24], %r1;
 atom.shared.xor.b32 %r9, [%r31+28], %r1;
 atom.shared.exch.b32 %r10, [%r31+32], %r1;
 atom.shared.cas.b32 %r11, [%r31+36], %r1, %r30;
 atom.shared.add.u64 %rd4, [%r31+40], %rd3;
 atom.shared.cas.b64 %rd5, [%r31+48], %rd3, %rd2;
 atom.shared.exch.b64 %rd6, [%r31+56], %rd3;
 atom.shared.min.s32 %r12, [%r31+64], %r1;
 atom.shared.max.u32 %r13, [%r31+68], %r1;
 atom.shared.add.u32 %r14, [sm+0x100], 1;
 red.shared.add.u32 [%r31+72], %r1;
 atom.shared.add.f32 %f1, [%r31+76], 0f3F800000;
 add.u32 %r20, %r2, %r3; add.u32 %r20, %r20, %r4; add.u32 %r20, %r20, %r5; add.u32 %r20, %r20, %r6;
 add.u32 %r20, %r20, %r7; add.u32 %r20, %r20, %r8; add.u32 %r20, %r20, %r9; add.u32 %r20, %r20, %r10;
 add.u32 %r20, %r20, %r11; add.u32 %r20, %r20, %r12; add.u32 %r20, %r20, %r13; add.u32 %r20, %r20, %r14;
 cvt.rzi.u32.f32 %r21, %f1; add.u32 %r20, %r20, %r21;
 add.u64 %rd7, %rd4, %rd5; add.u64 %rd7, %rd7, %rd6;
 st.global.u32 [%rd2], %r20; st.global.u64 [%rd2+8], %rd7;
 ret;
}
"""

K["atom_generic"] = r"""
.visible .entry atom_generic(.param .u64 p, .param .u64 q)
{
 .reg .u64 %rd<10>; .reg .u32 %r<10>;
 ld.param.u64 %rd1, [p]; ld.param.u64 %rd2, [q];
 mov.u32 %r1, %tid.x;
 atom.add.u32 %r2, [%rd1], %r1;
 atom.cas.b32 %r3, [%rd1+4], %r1, %r2;
 atom.exch.b32 %r4, [%rd1+8], %r1;
 red.add.u32 [%rd1+12], %r1;
 add.u32 %r5, %r2, %r3; add.u32 %r5, %r5, %r4;
 st.u32 [%rd2], %r5;
 ret;
}
"""

K["warp"] = r"""
.visible .entry warp(.param .u64 q)
{
 .reg .u64 %rd<10>; .reg .u32 %r<40>; .reg .pred %p<10>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x; ld.global.u32 %r2, [%rd2];
 setp.lt.u32 %p1, %r1, %r2;
 vote.all.pred %p2, %p1;
 vote.any.pred %p3, !%p1;
 vote.uni.pred %p4, %p1;
 vote.ballot.b32 %r3, %p1;
 vote.ballot.b32 %r4, !%p2;
 selp.u32 %r5, 1, 0, %p2; selp.u32 %r6, 2, 0, %p3; selp.u32 %r7, 4, 0, %p4;
 shfl.idx.b32 %r10, %r1, 3, 0x1f;
 shfl.up.b32 %r11|%p5, %r1, 1, 0;
 shfl.down.b32 %r12, %r1, 2, 0x1f;
 shfl.bfly.b32 %r13|%p6, %r1, 16, 0x1f;
 shfl.idx.b32 %r14, %r1, %r2, 0x1f;
 shfl.down.b32 %r15, %r1, 1, %r2;
 shfl.bfly.b32 %r16, %r1, %r2, %r1;
 shfl.up.b32 %r17, %r1, %r2, 0x1c00;
 selp.u32 %r8, 8, 0, %p5; selp.u32 %r9, 16, 0, %p6;
 add.u32 %r20, %r3, %r4; add.u32 %r20, %r20, %r5; add.u32 %r20, %r20, %r6; add.u32 %r20, %r20, %r7;
 add.u32 %r20, %r20, %r8; add.u32 %r20, %r20, %r9; add.u32 %r20, %r20, %r10; add.u32 %r20, %r20, %r11;
 add.u32 %r20, %r20, %r12; add.u32 %r20, %r20, %r13; add.u32 %r20, %r20, %r14; add.u32 %r20, %r20, %r15;
 add.u32 %r20, %r20, %r16; add.u32 %r20, %r20, %r17;
 st.global.u32 [%rd2+4], %r20;
 ret;
}
"""

K["activemask"] = r"""
.visible .entry activemask(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<6>; .reg .pred %p<3>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 activemask.b32 %r1;
 mov.u32 %r2, %tid.x; setp.lt.u32 %p1, %r2, 7;
 vote.sync.ballot.b32 %r3, %p1, 0xffffffff;
 shfl.sync.bfly.b32 %r4, %r2, 1, 0x1f, 0xffffffff;
 add.u32 %r1, %r1, %r3; add.u32 %r1, %r1, %r4;
 st.global.u32 [%rd2], %r1;
 ret;
}
"""

K["bars"] = r"""
.visible .entry bars(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<20>; .reg .pred %p<6>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x; ld.global.u32 %r2, [%rd2]; ld.global.u32 %r3, [%rd2+4];
 setp.lt.u32 %p1, %r1, %r2;
 bar.sync 0;
 bar.sync 1, 64;
 bar.sync %r2;
 bar.sync %r2, %r3;
 bar.sync 2, %r3;
 bar.arrive 3, 64;
 bar.arrive %r2, %r3;
 bar.red.popc.u32 %r4, 0, %p1;
 bar.red.and.pred %p2, 1, %p1;
 bar.red.or.pred %p3, 2, !%p1;
 bar.red.popc.u32 %r5, %r2, 128, %p1;
 membar.cta; membar.gl; membar.sys;
 selp.u32 %r6, 1, 0, %p2; selp.u32 %r7, 2, 0, %p3;
 add.u32 %r8, %r4, %r5; add.u32 %r8, %r8, %r6; add.u32 %r8, %r8, %r7;
 st.global.u32 [%rd2+8], %r8;
 ret;
}
"""

K["loops"] = r"""
.visible .entry loops(.param .u64 q)
{
 .reg .u64 %rd<8>; .reg .u32 %r<20>; .reg .pred %p<6>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x; mov.u32 %r2, 0; mov.u32 %r3, 0;
 mul.wide.u32 %rd3, %r1, 4; add.u64 %rd4, %rd2, %rd3;
LOOP:
 ld.global.u32 %r4, [%rd4];
 setp.eq.u32 %p1, %r4, 0;
 @%p1 bra BREAK;
 setp.eq.u32 %p2, %r4, 7;
 @%p2 bra CONT;
 add.u32 %r3, %r3, %r4;
 st.global.u32 [%rd4+4], %r3;
CONT:
 add.u32 %r2, %r2, 1;
 add.u64 %rd4, %rd4, 4;
 setp.lt.u32 %p3, %r2, %r1;
 @%p3 bra LOOP;
BREAK:
 st.global.u32 [%rd2], %r3;
 ret;
}
"""

K["calls"] = r"""
.func (.reg .u32 rv) fact(.reg .u32 n)
{
 .reg .u32 %r<4>; .reg .pred %p<2>;
 setp.le.u32 %p1, n, 1;
 @%p1 bra DONE;
 sub.u32 %r1, n, 1;
 call (%r2), fact, (%r1);
 mul.lo.u32 rv, %r2, n;
 ret;
DONE:
 mov.u32 rv, 1;
 ret;
}
.func (.reg .u32 rv) twice(.reg .u32 n)
{
 add.u32 rv, n, n;
 ret;
}
.visible .entry calls(.param .u64 q)
{
 .reg .u64 %rd<8>; .reg .u32 %r<10>; .reg .pred %p<3>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u32 %r1, %tid.x;
 call (%r2), fact, (%r1);
 ld.global.u64 %rd3, [%rd2+8];
 setp.eq.u64 %p1, %rd3, 0;
 @%p1 bra SKIP;
 mov.u64 %rd4, twice;
 proto: .callprototype (.reg .u32 _) _ (.reg .u32 _);
 call (%r3), %rd4, (%r1), proto;
 add.u32 %r2, %r2, %r3;
SKIP:
 st.global.u32 [%rd2], %r2;
 ret;
}
"""

K["brx"] = r"""
.visible .entry brxk(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<10>; .reg .pred %p<3>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.u32 %r1, [%rd2];
 ts: .branchtargets L0, L1, L2, L3;
 brx.idx %r1, ts;
L0: mov.u32 %r2, 11; bra.uni DONE;
L1: mov.u32 %r2, 22; bra.uni DONE;
L2: mov.u32 %r2, 33; bra.uni DONE;
L3: mov.u32 %r2, 44;
DONE:
 st.global.u32 [%rd2+4], %r2;
 ret;
}
"""

K["traps"] = r"""
.visible .entry traps(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<10>; .reg .pred %p<3>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.u32 %r1, [%rd2];
 setp.eq.u32 %p1, %r1, 0;
 @%p1 brkpt;
 setp.eq.u32 %p2, %r1, 5;
 @%p2 trap;
 pmevent 3;
 st.global.u32 [%rd2+4], %r1;
 exit;
}
"""

K["misc"] = r"""
.visible .entry misc(.param .u64 q)
{
 .reg .u64 %rd<8>; .reg .u32 %r<20>; .reg .pred %p<8>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 mov.u64 %rd3, %clock64;
 mov.u32 %r1, %clock;
 mov.u64 %rd4, %globaltimer;
 mov.u32 %r2, %laneid; mov.u32 %r3, %lanemask_lt; mov.u32 %r4, %warpid; mov.u32 %r5, %smid;
 prefetch.global.L1 [%rd2+64];
 prefetch.global.L2 [%rd2+128];
 prefetchu.L1 [%rd2+256];
 prefetch.local.L1 [%rd2];
 add.u64 %rd5, %rd3, %rd4; cvt.u64.u32 %rd6, %r1; add.u64 %rd5, %rd5, %rd6;
 add.u32 %r6, %r2, %r3; add.u32 %r6, %r6, %r4; add.u32 %r6, %r6, %r5;
 st.global.u64 [%rd2], %rd5; st.global.u32 [%rd2+8], %r6;
 ret;
}
"""

K["preds"] = r"""
.visible .entry preds(.param .u64 q)
{
 .reg .u64 %rd<8>; .reg .u32 %r<40>; .reg .pred %p<16>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2];
 setp.lt.u32 %p1, %r1, %r2; setp.lt.u32 %p2, %r2, %r3; setp.lt.u32 %p3, %r3, %r4; setp.lt.u32 %p4, %r4, %r1;
 setp.eq.u32 %p5, %r1, 7; setp.eq.u32 %p6, %r2, 9; setp.ne.u32 %p7, %r3, 3;
 mov.u32 %r10, 0;
LOOP:
 @%p1 add.u32 %r10, %r10, 1; @%p2 add.u32 %r10, %r10, 3; @%p3 add.u32 %r10, %r10, 5; @%p4 add.u32 %r10, %r10, 7;
 @%p5 add.u32 %r10, %r10, 11; @%p6 add.u32 %r10, %r10, 13; @%p7 add.u32 %r10, %r10, 17;
 call.uni ext, (%r10);
 st.global.u32 [%rd2+16], %r10;
 ld.global.u32 %r11, [%rd2+32];
 setp.ne.u32 %p8, %r11, 0;
 @%p8 bra LOOP;
 ret;
}
"""

K["video"] = r"""
.visible .entry video(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<40>; .reg .s32 %s<4>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.v4.u32 {%r1, %r2, %r3, %r4}, [%rd2];
 vadd.u32.u32.u32 %r10, %r1, %r2;
 vadd.s32.s32.s32.sat %r11, %r1.b1, %r2.h1;
 vadd.u32.u32.u32.add %r12, %r1, %r2, %r3;
 vsub.s32.s32.u32 %r13, %r1.h0, %r2.b3;
 vabsdiff.u32.u32.u32 %r14, %r1, %r2;
 vabsdiff.s32.s32.s32.add %r15, %r1.b2, %r2.b0, %r3;
 vmin.u32.u32.u32 %r16, %r1, %r2;
 vmax.s32.s32.s32 %r17, %r1, %r2;
 vmin.s32.s32.s32.max %r18, %r1, %r2, %r3;
 vmax.u32.u32.u32.sat %r19, %r1.h1, %r2;
 vshl.u32.u32.u32.clamp %r20, %r1, %r2;
 vshr.s32.s32.u32.wrap %r21, %r1, %r2;
 vshl.u32.u32.u32.wrap.add %r22, %r1, %r2, %r3;
 vmad.u32.u32.u32 %r23, %r1, %r2, %r3;
 vmad.s32.s32.s32.sat %r24, %r1.h0, %r2.h1, %r3;
 vmad.u32.u32.u32.shr7 %r25, %r1.b0, %r2.b1, %r3;
 vset.u32.u32.lt %r26, %r1, %r2;
 vset.s32.s32.ge.add %r27, %r1.b1, %r2, %r3;
 vabsdiff4.u32.u32.u32.add %r28, %r1, %r2, %r3;
 vadd4.u32.u32.u32.sat %r29, %r1, %r2, %r3;
 vmax2.s32.s32.s32 %r30, %r1, %r2, %r3;
 vavrg2.u32.u32.u32 %r31, %r1, %r2, %r3;
 vset2.u32.u32.ne %r32, %r1, %r2, %r3;
 vmin4.s32.s32.s32.add %r33, %r1, %r2, %r3;
 st.global.v4.u32 [%rd2+16], {%r10, %r11, %r12, %r13};
 st.global.v4.u32 [%rd2+32], {%r14, %r15, %r16, %r17};
 st.global.v4.u32 [%rd2+48], {%r18, %r19, %r20, %r21};
 st.global.v4.u32 [%rd2+64], {%r22, %r23, %r24, %r25};
 st.global.v4.u32 [%rd2+80], {%r26, %r27, %r28, %r29};
 st.global.v4.u32 [%rd2+96], {%r30, %r31, %r32, %r33};
 ret;
}
"""

K["texref"] = r"""
.global .texref t1;
.global .texref t2;
.global .surfref s1;
.visible .entry texref(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<40>; .reg .f32 %f<60>; .reg .s32 %s<4>; .reg .pred %p<3>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];
 mov.u32 %r1, %tid.x;
 tex.1d.v4.f32.s32 {%f10, %f11, %f12, %f13}, [t1, {%r1}];
 tex.2d.v4.f32.f32 {%f14, %f15, %f16, %f17}, [t1, {%f1, %f2}];
 tex.3d.v4.f32.f32 {%f18, %f19, %f20, %f21}, [t2, {%f1, %f2, %f3, %f3}];
 tex.a2d.v4.f32.f32 {%f22, %f23, %f24, %f25}, [t2, {%r1, %f1, %f2, %f2}];
 tex.level.2d.v4.f32.f32 {%f26, %f27, %f28, %f29}, [t1, {%f1, %f2}], %f3;
 tex.grad.2d.v4.f32.f32 {%f30, %f31, %f32, %f33}, [t1, {%f1, %f2}], {%f3, %f4}, {%f4, %f3};
 tex.2d.v4.s32.s32 {%r2, %r3, %r4, %r5}, [t2, {%r1, %r1}];
 tex.1d.v4.u32.f32 {%r6, %r7, %r8, %r9}, [t1, {%f1}];
 tld4.r.2d.v4.f32.f32 {%f34, %f35, %f36, %f37}, [t1, {%f1, %f2}];
 tld4.g.2d.v4.f32.f32 {%f38, %f39, %f40, %f41}, [t2, {%f3, %f2}];
 tex.cube.v4.f32.f32 {%f42, %f43, %f44, %f45}, [t1, {%f1, %f2, %f3, %f3}];
 tex.base.2d.v4.f32.f32 {%f46, %f47, %f48, %f49}, [t2, {%f2, %f2}];
 txq.width.b32 %r10, [t1];
 txq.height.b32 %r11, [t2];
 txq.depth.b32 %r12, [t1];
 txq.num_mipmap_levels.b32 %r13, [t1];
 txq.channel_order.b32 %r14, [t2];
 suld.b.1d.b32.trap {%r15}, [s1, {%r1}];
 suld.b.2d.v4.b32.clamp {%r16, %r17, %r18, %r19}, [s1, {%r1, %r1}];
 suld.b.1d.v2.b64.zero {%rd3, %rd1}, [s1, {%r1}];
 sust.b.1d.b32.trap [s1, {%r1}], {%r15};
 sust.b.2d.v4.b32.clamp [s1, {%r1, %r1}], {%r16, %r17, %r18, %r19};
 sust.p.2d.v4.b32.trap [s1, {%r1, %r1}], {%r2, %r3, %r4, %r5};
 sured.b.add.1d.u32.trap [s1, {%r1}], %r2;
 suq.width.b32 %r20, [s1];
 add.f32 %f50, %f10, %f11; add.f32 %f50, %f50, %f12; add.f32 %f50, %f50, %f13; add.f32 %f50, %f50, %f14;
 add.f32 %f50, %f50, %f15; add.f32 %f50, %f50, %f16; add.f32 %f50, %f50, %f17; add.f32 %f50, %f50, %f18;
 add.f32 %f50, %f50, %f19; add.f32 %f50, %f50, %f20; add.f32 %f50, %f50, %f21; add.f32 %f50, %f50, %f22;
 add.f32 %f50, %f50, %f23; add.f32 %f50, %f50, %f24; add.f32 %f50, %f50, %f25; add.f32 %f50, %f50, %f26;
 add.f32 %f50, %f50, %f27; add.f32 %f50, %f50, %f28; add.f32 %f50, %f50, %f29; add.f32 %f50, %f50, %f30;
 add.f32 %f50, %f50, %f31; add.f32 %f50, %f50, %f32; add.f32 %f50, %f50, %f33; add.f32 %f50, %f50, %f34;
 add.f32 %f50, %f50, %f35; add.f32 %f50, %f50, %f36; add.f32 %f50, %f50, %f37; add.f32 %f50, %f50, %f38;
 add.f32 %f50, %f50, %f39; add.f32 %f50, %f50, %f40; add.f32 %f50, %f50, %f41; add.f32 %f50, %f50, %f42;
 add.f32 %f50, %f50, %f43; add.f32 %f50, %f50, %f44; add.f32 %f50, %f50, %f45; add.f32 %f50, %f50, %f46;
 add.f32 %f50, %f50, %f47; add.f32 %f50, %f50, %f48; add.f32 %f50, %f50, %f49;
 add.u32 %r21, %r2, %r3; add.u32 %r21, %r21, %r4; add.u32 %r21, %r21, %r5; add.u32 %r21, %r21, %r6;
 add.u32 %r21, %r21, %r7; add.u32 %r21, %r21, %r8; add.u32 %r21, %r21, %r9; add.u32 %r21, %r21, %r10;
 add.u32 %r21, %r21, %r11; add.u32 %r21, %r21, %r12; add.u32 %r21, %r21, %r13; add.u32 %r21, %r21, %r14;
 add.u32 %r21, %r21, %r15; add.u32 %r21, %r21, %r16; add.u32 %r21, %r21, %r17; add.u32 %r21, %r21, %r18;
 add.u32 %r21, %r21, %r19; add.u32 %r21, %r21, %r20;
 cvt.u32.u64 %r22, %rd3; add.u32 %r21, %r21, %r22; cvt.u32.u64 %r22, %rd1; add.u32 %r21, %r21, %r22;
 st.global.f32 [%rd2+16], %f50; st.global.u32 [%rd2+20], %r21;
 ret;
}
"""

K["texsmall"] = r"""
.global .texref t1;
.visible .entry texsmall(.param .u64 q)
{
 .reg .u64 %rd<4>; .reg .u32 %r<20>; .reg .f32 %f<40>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];
 mov.u32 %r1, %tid.x;
 tex.2d.v4.f32.f32 {%f10, %f11, %f12, %f13}, [t1, {%f1, %f2}];
 tex.1d.v4.f32.f32 {%f14, %f15, %f16, %f17}, [t1, {%f3}];
 tex.1d.v4.f32.s32 {%f18, %f19, %f20, %f21}, [t1, {%r1}];
 tex.level.2d.v4.f32.f32 {%f22, %f23, %f24, %f25}, [t1, {%f1, %f2}], 0f00000000;
 tex.2d.v4.f32.s32 {%f26, %f27, %f28, %f29}, [t1, {%r1, %r1}];
 tld4.b.2d.v4.f32.f32 {%f30, %f31, %f32, %f33}, [t1, {%f1, %f2}];
 add.f32 %f5, %f10, %f15; add.f32 %f5, %f5, %f18; add.f32 %f5, %f5, %f19;
 add.f32 %f5, %f5, %f22; add.f32 %f5, %f5, %f27; add.f32 %f5, %f5, %f30; add.f32 %f5, %f5, %f33;
 add.f32 %f5, %f5, %f11; 
 st.global.f32 [%rd2+16], %f5;
 ret;
}
"""

K["texobj"] = r"""
.visible .entry texobj(.param .u64 q, .param .u64 tob, .param .u64 sob)
{
 .reg .u64 %rd<6>; .reg .u32 %r<20>; .reg .f32 %f<40>;
 ld.param.u64 %rd2, [q]; cvta.to.global.u64 %rd2, %rd2;
 ld.param.u64 %rd3, [tob]; ld.param.u64 %rd4, [sob];
 ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd2];
 mov.u32 %r1, %tid.x;
 tex.2d.v4.f32.f32 {%f10, %f11, %f12, %f13}, [%rd3, {%f1, %f2}];
 tex.1d.v4.f32.s32 {%f14, %f15, %f16, %f17}, [%rd3, {%r1}];
 tld4.a.2d.v4.f32.f32 {%f18, %f19, %f20, %f21}, [%rd3, {%f1, %f2}];
 tex.grad.2d.v4.f32.f32 {%f22, %f23, %f24, %f25}, [%rd3, {%f1, %f2}], {%f3, %f4}, {%f4, %f3};
 txq.width.b32 %r2, [%rd3];
 suld.b.2d.b32.trap {%r3}, [%rd4, {%r1, %r1}];
 sust.b.2d.b32.trap [%rd4, {%r1, %r1}], {%r3};
 add.f32 %f5, %f10, %f11; add.f32 %f5, %f5, %f12; add.f32 %f5, %f5, %f13; add.f32 %f5, %f5, %f14;
 add.f32 %f5, %f5, %f15; add.f32 %f5, %f5, %f16; add.f32 %f5, %f5, %f17; add.f32 %f5, %f5, %f18;
 add.f32 %f5, %f5, %f19; add.f32 %f5, %f5, %f20; add.f32 %f5, %f5, %f21; add.f32 %f5, %f5, %f22;
 add.f32 %f5, %f5, %f23; add.f32 %f5, %f5, %f24; add.f32 %f5, %f5, %f25;
 st.global.f32 [%rd2+16], %f5; st.global.u32 [%rd2+20], %r2; st.global.u32 [%rd2+24], %r3;
 ret;
}
"""


def build():
    os.makedirs(OUT, exist_ok=True)
    failed = []
    for name, body in K.items():
        src = os.path.join(OUT, name + ".ptx")
        text = HDR + body
        if name == "preds":
            text = HDR + ".extern .func ext (.param .u32 a);\n" + body
        if name == "activemask":
            text = text.replace(".version 6.0", ".version 6.4")
        open(src, "w").write(text)
        for arch in ("sm_50", "sm_52"):
            cub = os.path.join(OUT, f"{name}.{arch}.cubin")
            extra = ["-c"] if name == "preds" else []
            p = subprocess.run([os.path.join(CUDA_BIN, "ptxas"), f"-arch={arch}", "-o", cub, src] + extra,
                               capture_output=True, text=True)
            if p.returncode:
                failed.append((name, arch, p.stderr.strip()[:600]))
                continue
            s = subprocess.run([os.path.join(CUDA_BIN, "cuobjdump"), "-sass", cub], capture_output=True, text=True)
            open(os.path.join(OUT, f"{name}.{arch}.sass"), "w").write(s.stdout)
    for f in failed:
        print("FAILED", *f)
    return failed


if __name__ == "__main__":
    build()
