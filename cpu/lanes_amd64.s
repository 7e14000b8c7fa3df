//go:build amd64 && !noasm && !purego

#include "textflag.h"

// func walkAVX512(cnt *uint32, pos, exit *[32]int32, p *vecParams, active uint16, n int) int
TEXT ·walkAVX512(SB), NOSPLIT, $0-56
	MOVQ    cnt+0(FP), SI
	MOVQ    pos+8(FP), DI
	MOVQ    exit+16(FP), R8
	MOVQ    p+24(FP), R9
	MOVWLZX active+32(FP), AX
	MOVQ    n+40(FP), CX
	KMOVW   AX, K1

	VMOVDQU32    (DI), Z0     // positions
	VMOVDQU32    (R8), Z1     // exits
	VPBROADCASTD 0(R9), Z2    // rank of down
	VPBROADCASTD 4(R9), Z3    // rank of right
	VPBROADCASTD 8(R9), Z4    // rank of left
	VPBROADCASTD 12(R9), Z5   // rank of up
	VMOVDQU32    16(R9), Z6   // offset by rank
	VPBROADCASTD 80(R9), Z7   // 3
	VPBROADCASTD 84(R9), Z8   // 1
	MOVLQSX      88(R9), DX   // w

	LEAQ (SI)(DX*4), R10      // counts of the cells below
	LEAQ 4(SI), R12           // to the right
	LEAQ -4(SI), R13          // to the left
	NEGQ DX
	LEAQ (SI)(DX*4), R11      // above
	XORQ BX, BX

loop:
	KMOVW      K1, K2
	VPGATHERDD (R10)(Z0*4), K2, Z10
	KMOVW      K1, K3
	VPGATHERDD (R12)(Z0*4), K3, Z11
	KMOVW      K1, K4
	VPGATHERDD (R13)(Z0*4), K4, Z12
	KMOVW      K1, K5
	VPGATHERDD (R11)(Z0*4), K5, Z13

	// key = count<<2 | rank; the move is the least key.
	VPSLLD  $2, Z10, Z10
	VPORD   Z2, Z10, Z10
	VPSLLD  $2, Z11, Z11
	VPORD   Z3, Z11, Z11
	VPSLLD  $2, Z12, Z12
	VPORD   Z4, Z12, Z12
	VPSLLD  $2, Z13, Z13
	VPORD   Z5, Z13, Z13
	VPMINUD Z11, Z10, Z10
	VPMINUD Z13, Z12, Z12
	VPMINUD Z12, Z10, Z10
	VPANDD  Z7, Z10, Z10
	VPERMD  Z6, Z10, Z14
	VPADDD  Z14, Z0, K1, Z0

	// Lanes now on their exit stop; the others count a visit.
	VPCMPEQD    Z1, Z0, K1, K6
	KANDNW      K1, K6, K7
	KMOVW       K7, K2
	VPGATHERDD  (SI)(Z0*4), K2, Z15
	VPADDD      Z8, Z15, Z15
	VPSCATTERDD Z15, K7, (SI)(Z0*4)

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
	MOVQ    cnt+0(FP), SI
	MOVQ    pos+8(FP), DI
	MOVQ    exit+16(FP), R8
	MOVQ    p+24(FP), R9
	MOVBLZX active+32(FP), R14
	MOVQ    n+40(FP), CX

	// Y9 = -1 in the active lanes, 0 elsewhere.
	MOVL         R14, X9
	VPBROADCASTD X9, Y9
	VMOVDQU      96(R9), Y15
	VPAND        Y15, Y9, Y9
	VPCMPEQD     Y15, Y9, Y9

	VMOVDQU      (DI), Y0     // positions
	VMOVDQU      (R8), Y1     // exits
	VPBROADCASTD 0(R9), Y2    // rank of down
	VPBROADCASTD 4(R9), Y3    // rank of right
	VPBROADCASTD 8(R9), Y4    // rank of left
	VPBROADCASTD 12(R9), Y5   // rank of up
	VMOVDQU      16(R9), Y6   // offset by rank
	VPBROADCASTD 80(R9), Y7   // 3
	MOVLQSX      88(R9), DX   // w

	LEAQ (SI)(DX*4), R10
	LEAQ 4(SI), R12
	LEAQ -4(SI), R13
	NEGQ DX
	LEAQ (SI)(DX*4), R11
	XORQ BX, BX

loop2:
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R10)(Y0*4), Y10
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R12)(Y0*4), Y11
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R13)(Y0*4), Y12
	VMOVDQA    Y9, Y8
	VPGATHERDD Y8, (R11)(Y0*4), Y13

	VPSLLD  $2, Y10, Y10
	VPOR    Y2, Y10, Y10
	VPSLLD  $2, Y11, Y11
	VPOR    Y3, Y11, Y11
	VPSLLD  $2, Y12, Y12
	VPOR    Y4, Y12, Y12
	VPSLLD  $2, Y13, Y13
	VPOR    Y5, Y13, Y13
	VPMINUD Y11, Y10, Y10
	VPMINUD Y13, Y12, Y12
	VPMINUD Y12, Y10, Y10
	VPAND   Y7, Y10, Y10
	VPERMD  Y6, Y10, Y14
	VPAND   Y9, Y14, Y14
	VPADDD  Y14, Y0, Y0

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
	MOVL 0(DI), AX
	INCL (SI)(AX*4)
	MOVL 4(DI), AX
	INCL (SI)(AX*4)
	MOVL 8(DI), AX
	INCL (SI)(AX*4)
	MOVL 12(DI), AX
	INCL (SI)(AX*4)
	MOVL 16(DI), AX
	INCL (SI)(AX*4)
	MOVL 20(DI), AX
	INCL (SI)(AX*4)
	MOVL 24(DI), AX
	INCL (SI)(AX*4)
	MOVL 28(DI), AX
	INCL (SI)(AX*4)
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
	MOVQ    cnt+0(FP), SI
	MOVQ    pos+8(FP), DI
	MOVQ    exit+16(FP), R8
	MOVQ    p+24(FP), R9
	MOVWLZX activeLo+32(FP), AX
	MOVWLZX activeHi+34(FP), BX
	MOVQ    n+40(FP), CX
	KMOVW   AX, K1
	KMOVW   BX, K2

	VMOVDQU32    (DI), Z0     // positions, lanes 0-15
	VMOVDQU32    (R8), Z1     // exits
	VMOVDQU32    64(DI), Z16  // positions, lanes 16-31
	VMOVDQU32    64(R8), Z17  // exits
	VPBROADCASTD 0(R9), Z2
	VPBROADCASTD 4(R9), Z3
	VPBROADCASTD 8(R9), Z4
	VPBROADCASTD 12(R9), Z5
	VMOVDQU32    16(R9), Z6
	VPBROADCASTD 80(R9), Z7
	VPBROADCASTD 84(R9), Z8
	MOVLQSX      88(R9), DX

	LEAQ (SI)(DX*4), R10
	LEAQ 4(SI), R12
	LEAQ -4(SI), R13
	NEGQ DX
	LEAQ (SI)(DX*4), R11
	XORQ BX, BX

loopx2:
	KMOVW      K1, K3
	VPGATHERDD (R10)(Z0*4), K3, Z10
	KMOVW      K2, K4
	VPGATHERDD (R10)(Z16*4), K4, Z20
	KMOVW      K1, K5
	VPGATHERDD (R12)(Z0*4), K5, Z11
	KMOVW      K2, K6
	VPGATHERDD (R12)(Z16*4), K6, Z21
	KMOVW      K1, K3
	VPGATHERDD (R13)(Z0*4), K3, Z12
	KMOVW      K2, K4
	VPGATHERDD (R13)(Z16*4), K4, Z22
	KMOVW      K1, K5
	VPGATHERDD (R11)(Z0*4), K5, Z13
	KMOVW      K2, K6
	VPGATHERDD (R11)(Z16*4), K6, Z23

	VPSLLD  $2, Z10, Z10
	VPORD   Z2, Z10, Z10
	VPSLLD  $2, Z20, Z20
	VPORD   Z2, Z20, Z20
	VPSLLD  $2, Z11, Z11
	VPORD   Z3, Z11, Z11
	VPSLLD  $2, Z21, Z21
	VPORD   Z3, Z21, Z21
	VPSLLD  $2, Z12, Z12
	VPORD   Z4, Z12, Z12
	VPSLLD  $2, Z22, Z22
	VPORD   Z4, Z22, Z22
	VPSLLD  $2, Z13, Z13
	VPORD   Z5, Z13, Z13
	VPSLLD  $2, Z23, Z23
	VPORD   Z5, Z23, Z23
	VPMINUD Z11, Z10, Z10
	VPMINUD Z21, Z20, Z20
	VPMINUD Z13, Z12, Z12
	VPMINUD Z23, Z22, Z22
	VPMINUD Z12, Z10, Z10
	VPMINUD Z22, Z20, Z20
	VPANDD  Z7, Z10, Z10
	VPANDD  Z7, Z20, Z20
	VPERMD  Z6, Z10, Z14
	VPERMD  Z6, Z20, Z24
	VPADDD  Z14, Z0, K1, Z0
	VPADDD  Z24, Z16, K2, Z16

	VPCMPEQD    Z1, Z0, K1, K3
	KANDNW      K1, K3, K4
	KMOVW       K4, K5
	VPGATHERDD  (SI)(Z0*4), K5, Z15
	VPADDD      Z8, Z15, Z15
	VPSCATTERDD Z15, K4, (SI)(Z0*4)

	VPCMPEQD    Z17, Z16, K2, K6
	KANDNW      K2, K6, K4
	KMOVW       K4, K5
	VPGATHERDD  (SI)(Z16*4), K5, Z25
	VPADDD      Z8, Z25, Z25
	VPSCATTERDD Z25, K4, (SI)(Z16*4)

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
