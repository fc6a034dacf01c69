//go:build !purego

#include "textflag.h"

// LOOK decodes one multi entry: AX table, R9 bit buffer, R10 its valid
// bits, DI output, R11 output index. The entry's low 6 bits are the shift.
#define LOOK \
	MOVQ R9, BX; \
	ANDQ $2047, BX; \
	MOVL (AX)(BX*4), CX; \
	SHRQ CX, R9; \
	MOVL CX, BX; \
	ANDL $63, BX; \
	SUBQ BX, R10; \
	MOVL CX, BX; \
	SHRL $8, BX; \
	MOVL BX, (DI)(R11*1); \
	SHRL $6, CX; \
	ANDL $3, CX; \
	ADDQ CX, R11

// func huffBulkAsm(tab *[2048]uint32, dst *byte, limit int, src *byte, mbits int, s *huffState) bool
TEXT ·huffBulkAsm(SB), NOSPLIT, $0-49
	MOVQ tab+0(FP), AX
	MOVQ dst+8(FP), DI
	MOVQ limit+16(FP), R12
	MOVQ src+24(FP), SI
	MOVQ mbits+32(FP), R13
	MOVQ s+40(FP), DX
	MOVQ 0(DX), R9
	MOVQ 8(DX), R10
	MOVQ 16(DX), R8
	MOVQ 24(DX), R11

loop:
	CMPQ R11, R12
	JGT  done
	LEAQ (R8*8), BX
	SUBQ R10, BX
	CMPQ BX, R13
	JGT  fail
	MOVQ (SI)(R8*1), BX
	MOVQ R10, CX
	SHLQ CX, BX
	ORQ  BX, R9
	MOVQ $63, BX
	SUBQ R10, BX
	SHRQ $3, BX
	ADDQ BX, R8
	ORQ  $56, R10
	LOOK
	LOOK
	LOOK
	LOOK
	LOOK
	JMP  loop

done:
	MOVQ R9, 0(DX)
	MOVQ R10, 8(DX)
	MOVQ R8, 16(DX)
	MOVQ R11, 24(DX)
	MOVB $1, ret+48(FP)
	RET

fail:
	MOVB $0, ret+48(FP)
	RET
