//go:build amd64 && !noasm && !purego

#include "textflag.h"

// ARGS loads the arguments cnt into SI, pos into DI, exit into R8 and p
// into R9.
#define ARGS(CNT, POS, EXIT, P) \
	MOVQ CNT, SI;  \
	MOVQ POS, DI;  \
	MOVQ EXIT, R8; \
	MOVQ P, R9

// PARAMS loads the walk's constants from p (R9): the ranks of the moves
// into DOWN, RIGHT, LEFT and UP, the cell offset by rank into OFF (with LOAD), 3 into
// THREE and the width into DX; then the neighbours' counts' bases into
// R10 (below), R12 (right), R13 (left) and R11 (above), and 0 into BX.
#define PARAMS(LOAD, DOWN, RIGHT, LEFT, UP, OFF, THREE) \
	VPBROADCASTD 0(R9), DOWN; \
	VPBROADCASTD 4(R9), RIGHT; \
	VPBROADCASTD 8(R9), LEFT; \
	VPBROADCASTD 12(R9), UP; \
	LOAD         16(R9), OFF; \
	VPBROADCASTD 80(R9), THREE; \
	MOVLQSX      88(R9), DX; \
	LEAQ         (SI)(DX*4), R10; \
	LEAQ         4(SI), R12; \
	LEAQ         -4(SI), R13; \
	NEGQ         DX; \
	LEAQ         (SI)(DX*4), R11; \
	XORQ         BX, BX

// GATHER512 gathers the counts of the four neighbours of the cells POS in
// the lanes set in ACT into C0 to C3, using the mask registers KA to KD.
#define GATHER512(ACT, POS, KA, KB, KC, KD, C0, C1, C2, C3) \
	KMOVW      ACT, KA; \
	VPGATHERDD (R10)(POS*4), KA, C0; \
	KMOVW      ACT, KB; \
	VPGATHERDD (R12)(POS*4), KB, C1; \
	KMOVW      ACT, KC; \
	VPGATHERDD (R13)(POS*4), KC, C2; \
	KMOVW      ACT, KD; \
	VPGATHERDD (R11)(POS*4), KD, C3

// PICK turns the counts C0 to C3 into keys count<<2 | rank (the ranks
// in DOWN to UP, OR the instruction that joins them), keeps the least key in C0 and
// puts the cell offset of its move, from OFF, into MOVE.
#define PICK(OR, AND, DOWN, RIGHT, LEFT, UP, THREE, OFF, C0, C1, C2, C3, MOVE) \
	VPSLLD  $2, C0, C0; \
	OR      DOWN, C0, C0; \
	VPSLLD  $2, C1, C1; \
	OR      RIGHT, C1, C1; \
	VPSLLD  $2, C2, C2; \
	OR      LEFT, C2, C2; \
	VPSLLD  $2, C3, C3; \
	OR      UP, C3, C3; \
	VPMINUD C1, C0, C0; \
	VPMINUD C3, C2, C2; \
	VPMINUD C2, C0, C0; \
	AND     THREE, C0, C0; \
	VPERMD  OFF, C0, MOVE

// PICK512 is PICK with the AVX-512 walk's registers.
#define PICK512(C0, C1, C2, C3, MOVE) \
	PICK(VPORD, VPANDD, Z2, Z3, Z4, Z5, Z7, Z6, C0, C1, C2, C3, MOVE)

// VISIT512 sets HIT to the lanes of ACT whose cell POS is their EXIT and
// adds a visit (Z8) to the count of the cell of every other lane of ACT,
// using the mask registers K and KG and the vector register T.
#define VISIT512(ACT, POS, EXIT, HIT, K, KG, T) \
	VPCMPEQD    EXIT, POS, ACT, HIT; \
	KANDNW      ACT, HIT, K; \
	KMOVW       K, KG; \
	VPGATHERDD  (SI)(POS*4), KG, T; \
	VPADDD      Z8, T, T; \
	VPSCATTERDD T, K, (SI)(POS*4)

// INC2 counts a visit to the cell in the lane at byte OFF of pos (DI).
#define INC2(OFF) \
	MOVL OFF(DI), AX; \
	INCL (SI)(AX*4)

// func walkAVX512(cnt *uint32, pos, exit *[32]int32, p *vecParams, active uint16, n int) int
TEXT ·walkAVX512(SB), NOSPLIT, $0-56
	ARGS(cnt+0(FP), pos+8(FP), exit+16(FP), p+24(FP))
	MOVWLZX active+32(FP), AX
	MOVQ    n+40(FP), CX
	KMOVW   AX, K1

	VMOVDQU32    (DI), Z0     // positions
	VMOVDQU32    (R8), Z1     // exits
	VPBROADCASTD 84(R9), Z8   // 1
	PARAMS(VMOVDQU32, Z2, Z3, Z4, Z5, Z6, Z7)

loop:
	GATHER512(K1, Z0, K2, K3, K4, K5, Z10, Z11, Z12, Z13)
	PICK512(Z10, Z11, Z12, Z13, Z14)
	VPADDD Z14, Z0, K1, Z0

	// Lanes now on their exit stop; the others count a visit.
	VISIT512(K1, Z0, Z1, K6, K7, K2, Z15)

	INCQ     BX
	KORTESTW K6, K6
	JNZ      done
	CMPQ     BX, CX
	JB       loop

done:
	VMOVDQU32 Z0, (DI)
	MOVQ      BX, ret+48(FP)
	VZEROUPPER
	RET

// func walkAVX2(cnt *uint32, pos, exit *[32]int32, p *vecParams, active uint8, n int) int
TEXT ·walkAVX2(SB), NOSPLIT, $0-56
	ARGS(cnt+0(FP), pos+8(FP), exit+16(FP), p+24(FP))
	MOVBLZX active+32(FP), R14
	MOVQ    n+40(FP), CX

	// Y9 = -1 in the active lanes, 0 elsewhere.
	MOVL         R14, X9
	VPBROADCASTD X9, Y9
	VMOVDQU      96(R9), Y15
	VPAND        Y15, Y9, Y9
	VPCMPEQD     Y15, Y9, Y9

	VMOVDQU (DI), Y0          // positions
	VMOVDQU (R8), Y1          // exits
	PARAMS(VMOVDQU, Y2, Y3, Y4, Y5, Y6, Y7)

loop2:
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R10)(Y0*4), Y10
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R12)(Y0*4), Y11
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R13)(Y0*4), Y12
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R11)(Y0*4), Y13

	PICK(VPOR, VPAND, Y2, Y3, Y4, Y5, Y7, Y6, Y10, Y11, Y12, Y13, Y14)
	VPAND  Y9, Y14, Y14
	VPADDD Y14, Y0, Y0

	VPCMPEQD  Y1, Y0, Y14
	VPAND     Y9, Y14, Y14
	VMOVMSKPS Y14, R15        // lanes now on their exit
	VMOVDQU   Y0, (DI)
	INCQ      BX
	TESTL     R15, R15
	JNZ       slow2
	CMPL      R14, $0xff
	JNE       slow2

	// All eight lanes walk on: count eight visits.
	INC2(0)
	INC2(4)
	INC2(8)
	INC2(12)
	INC2(16)
	INC2(20)
	INC2(24)
	INC2(28)
	CMPQ BX, CX
	JB   loop2
	JMP  done2

slow2:
	// Count a visit in every active lane not on its exit.
	MOVL  R15, AX
	NOTL  AX
	ANDL  R14, AX

inc2:
	TESTL AX, AX
	JZ    counted2
	BSFL  AX, R8
	MOVL  (DI)(R8*4), DX
	INCL  (SI)(DX*4)
	BTRL  R8, AX
	JMP   inc2

counted2:
	TESTL R15, R15
	JNZ   done2
	CMPQ  BX, CX
	JB    loop2

done2:
	VZEROUPPER
	MOVQ BX, ret+48(FP)
	RET

// func walkAVX512x2(cnt *uint32, pos, exit *[32]int32, p *vecParams, activeLo, activeHi uint16, n int) int
TEXT ·walkAVX512x2(SB), NOSPLIT, $0-56
	ARGS(cnt+0(FP), pos+8(FP), exit+16(FP), p+24(FP))
	MOVWLZX activeLo+32(FP), AX
	MOVWLZX activeHi+34(FP), BX
	MOVQ    n+40(FP), CX
	KMOVW   AX, K1
	KMOVW   BX, K2

	VMOVDQU32    (DI), Z0     // positions, lanes 0-15
	VMOVDQU32    (R8), Z1     // exits
	VMOVDQU32    64(DI), Z16  // positions, lanes 16-31
	VMOVDQU32    64(R8), Z17  // exits
	VPBROADCASTD 84(R9), Z8
	PARAMS(VMOVDQU32, Z2, Z3, Z4, Z5, Z6, Z7)

loopx2:
	GATHER512(K1, Z0, K3, K5, K3, K5, Z10, Z11, Z12, Z13)
	GATHER512(K2, Z16, K4, K6, K4, K6, Z20, Z21, Z22, Z23)
	PICK512(Z10, Z11, Z12, Z13, Z14)
	PICK512(Z20, Z21, Z22, Z23, Z24)
	VPADDD Z14, Z0, K1, Z0
	VPADDD Z24, Z16, K2, Z16

	VISIT512(K1, Z0, Z1, K3, K4, K5, Z15)
	VISIT512(K2, Z16, Z17, K6, K4, K5, Z25)

	INCQ     BX
	KORTESTW K3, K6
	JNZ      donex2
	CMPQ     BX, CX
	JB       loopx2

donex2:
	VMOVDQU32 Z0, (DI)
	VMOVDQU32 Z16, 64(DI)
	MOVQ      BX, ret+48(FP)
	VZEROUPPER
	RET
