//go:build !purego

#include "textflag.h"

// Bit d of each byte, twice: expands a direction mask byte into byte masks.
DATA dirbits<>+0(SB)/8, $0x8040201008040201
DATA dirbits<>+8(SB)/8, $0x8040201008040201
GLOBL dirbits<>(SB), RODATA|NOPTR, $16

// EXPAND spreads the 8 mask bytes in R into four registers of two cells
// each (byte j of cell pair k: 0xFF where the cell's bit j is set):
// R = cells 0,1; A = 2,3; B = 4,5; C = 6,7.
#define EXPAND(R, A, B, C) \
	PUNPCKLBW R, R; \
	MOVO R, B; \
	PUNPCKLWL R, R; \
	PUNPCKHWL B, B; \
	MOVO R, A; \
	PUNPCKLLQ R, R; \
	PUNPCKHLQ A, A; \
	MOVO B, C; \
	PUNPCKLLQ B, B; \
	PUNPCKHLQ C, C; \
	PAND X15, R; \
	PCMPEQB X15, R; \
	PAND X15, A; \
	PCMPEQB X15, A; \
	PAND X15, B; \
	PCMPEQB X15, B; \
	PAND X15, C; \
	PCMPEQB X15, C

// PAIR stores two cells at O(DI) from their walk Zs W, swim Zs S (cell
// pairs, low quadword first) and headers H (low two dwords, shifted out).
#define PAIR(W, S, H, O) \
	MOVO W, X13; \
	PUNPCKLQDQ S, X13; \
	MOVOU X13, (O+4)(DI); \
	PUNPCKHQDQ S, W; \
	MOVOU W, (O+24)(DI); \
	MOVSS H, (O)(DI); \
	PSRLDQ $4, H; \
	MOVSS H, (O+20)(DI); \
	PSRLDQ $4, H

// GROUP writes the eight cells starting at column X of the current row:
// R11 the grid row above (one column left), BX/CX/DX the walk/wet/info
// rows, DI the output row; O the output offset of the first cell.
#define GROUP(X, O) \
	MOVQ (X+1)(R11), X0; \
	MOVQ (X+2)(R11), X1; \
	MOVQ (X+20)(R11), X2; \
	MOVQ (X+38)(R11), X3; \
	MOVQ (X+37)(R11), X4; \
	MOVQ (X+36)(R11), X5; \
	MOVQ (X+18)(R11), X6; \
	MOVQ (X+0)(R11), X7; \
	PUNPCKLBW X1, X0; \
	PUNPCKLBW X3, X2; \
	PUNPCKLBW X5, X4; \
	PUNPCKLBW X7, X6; \
	MOVO X0, X1; \
	PUNPCKLWL X2, X0; \
	PUNPCKHWL X2, X1; \
	MOVO X4, X5; \
	PUNPCKLWL X6, X4; \
	PUNPCKHWL X6, X5; \
	MOVO X0, X2; \
	PUNPCKLLQ X4, X0; \
	PUNPCKHLQ X4, X2; \
	MOVO X1, X3; \
	PUNPCKLLQ X5, X1; \
	PUNPCKHLQ X5, X3; \
	MOVQ (X)(BX), X4; \
	EXPAND(X4, X6, X5, X7); \
	PAND X0, X4; \
	PAND X2, X6; \
	PAND X1, X5; \
	PAND X3, X7; \
	MOVQ (X)(CX), X8; \
	EXPAND(X8, X9, X10, X11); \
	PAND X0, X8; \
	PAND X2, X9; \
	PAND X1, X10; \
	PAND X3, X11; \
	MOVQ (X+19)(R11), X12; \
	MOVQ (X)(BX), X13; \
	PUNPCKLBW X13, X12; \
	MOVQ (X)(CX), X13; \
	MOVQ (X)(DX), X14; \
	PUNPCKLBW X14, X13; \
	MOVO X12, X14; \
	PUNPCKLWL X13, X12; \
	PUNPCKHWL X13, X14; \
	PAIR(X4, X8, X12, O); \
	PAIR(X6, X9, X12, O+40); \
	PAIR(X5, X10, X14, O+80); \
	PAIR(X7, X11, X14, O+120)

// func cellsNeighbourSSE2(pad *[padLen]byte, walk, wet, info *[256]byte, out *[5120]byte)
TEXT ·cellsNeighbourSSE2(SB), NOSPLIT, $0-40
	MOVQ pad+0(FP), R11
	MOVQ walk+8(FP), BX
	MOVQ wet+16(FP), CX
	MOVQ info+24(FP), DX
	MOVQ out+32(FP), DI
	MOVOU dirbits<>(SB), X15
	MOVQ $16, R8

row:
	GROUP(0, 0)
	GROUP(8, 160)
	ADDQ $18, R11
	ADDQ $16, BX
	ADDQ $16, CX
	ADDQ $16, DX
	ADDQ $320, DI
	DECQ R8
	JNZ  row
	RET
