// The net built into the engine (nnue::embedded()): the bytes of the file CHESS960_NNUE_FILE,
// which CMake names (src/engine/net/default.nnue, written by `make nnue-train`). GCC 12 has no
// #embed; the assembler's .incbin puts the file into read-only data. Without a net file the
// blob is empty and the engine plays with its hand-written evaluation.
        .section .rodata
        .balign 64
        .globl chess960_nnue_embedded
        .globl chess960_nnue_embedded_end
chess960_nnue_embedded:
#ifdef CHESS960_NNUE_FILE
        .incbin CHESS960_NNUE_FILE
#endif
chess960_nnue_embedded_end:
        .byte 0
        .section .note.GNU-stack,"",@progbits
