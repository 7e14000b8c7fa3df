//go:build amd64 && !noasm && !purego

#include "textflag.h"

// func walkAVX512(cnt *uint32, pos, exit *[16]int32, p *vecParams, active uint16, n int) int
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
