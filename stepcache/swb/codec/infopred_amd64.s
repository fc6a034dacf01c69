//go:build !purego

#include "textflag.h"

// 1<<d in every byte for d = 0..7, then 0x0C in every byte.
DATA infobits<>+0(SB)/8, $0x0101010101010101
DATA infobits<>+8(SB)/8, $0x0101010101010101
DATA infobits<>+16(SB)/8, $0x0202020202020202
DATA infobits<>+24(SB)/8, $0x0202020202020202
DATA infobits<>+32(SB)/8, $0x0404040404040404
DATA infobits<>+40(SB)/8, $0x0404040404040404
DATA infobits<>+48(SB)/8, $0x0808080808080808
DATA infobits<>+56(SB)/8, $0x0808080808080808
DATA infobits<>+64(SB)/8, $0x1010101010101010
DATA infobits<>+72(SB)/8, $0x1010101010101010
DATA infobits<>+80(SB)/8, $0x2020202020202020
DATA infobits<>+88(SB)/8, $0x2020202020202020
DATA infobits<>+96(SB)/8, $0x4040404040404040
DATA infobits<>+104(SB)/8, $0x4040404040404040
DATA infobits<>+112(SB)/8, $0x8080808080808080
DATA infobits<>+120(SB)/8, $0x8080808080808080
DATA infobits<>+128(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA infobits<>+136(SB)/8, $0x0c0c0c0c0c0c0c0c
GLOBL infobits<>(SB), RODATA|NOPTR, $144

// DIRMAX folds one direction into the maximum X2: the neighbours' grid Zs
// at offset O of R11 (biased by X15 = 0x80), kept where bit B (a register
// of 1<<d bytes) of the Walk row X3 is set.
#define DIRMAX(O, B) \
	MOVOU O(R11), X0; \
	PXOR  X15, X0; \
	MOVO  X3, X1; \
	PAND  B, X1; \
	PCMPEQB B, X1; \
	PAND  X1, X0; \
	PMAXUB X0, X2

// func infoPredSSE2(pad *[padLen]byte, walk *[256]byte, out *[256]byte)
//
// One row of 16 cells per iteration: R11 the grid row above, one column
// left; BX the Walk row; DI the output row.
TEXT ·infoPredSSE2(SB), NOSPLIT, $0-24
	MOVQ  pad+0(FP), R11
	MOVQ  walk+8(FP), BX
	MOVQ  out+16(FP), DI
	LEAQ  infobits<>(SB), AX
	MOVOU 0(AX), X8
	MOVOU 16(AX), X9
	MOVOU 32(AX), X10
	MOVOU 48(AX), X11
	MOVOU 64(AX), X12
	MOVOU 80(AX), X13
	MOVOU 96(AX), X14
	MOVOU 112(AX), X15
	MOVOU 128(AX), X6
	PXOR  X5, X5
	MOVQ  $16, R8

row:
	MOVOU (BX), X3
	PXOR  X2, X2
	DIRMAX(1, X8)
	DIRMAX(2, X9)
	DIRMAX(20, X10)
	DIRMAX(38, X11)
	DIRMAX(37, X12)
	DIRMAX(36, X13)
	DIRMAX(18, X14)
	DIRMAX(0, X15)
	MOVOU 19(R11), X0
	PXOR  X15, X0
	PSUBUSB X0, X2
	MOVO  X5, X1
	PCMPEQB X2, X1
	PSUBUSB X9, X2
	MOVO  X5, X4
	PCMPEQB X2, X4
	PAND  X8, X1
	PAND  X9, X4
	POR   X6, X1
	POR   X4, X1
	MOVOU X1, (DI)
	ADDQ  $18, R11
	ADDQ  $16, BX
	ADDQ  $16, DI
	DECQ  R8
	JNZ   row
	RET
