/*
 * bcryptprimitives.dll for Wine 8 (Debian 12), which lacks ProcessPrng.
 *
 * Rust's standard library (1.78 and later) calls ProcessPrng from
 * bcryptprimitives.dll for its random numbers (HashMap seeds), and Windows
 * 10 and later have it; Wine added it in 9.0. Without it a Rust .exe
 * exits at once, before main, with status 53. This forwards it to
 * RtlGenRandom (advapi32's SystemFunction036), which Wine has always had.
 * Used only by tools/windows-smoke.sh, never shipped.
 *
 * x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    /* RtlGenRandom takes a ULONG length: fill larger requests in pieces. */
    while (length > 0) {
        ULONG piece = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, piece))
            return FALSE;
        data += piece;
        length -= piece;
    }
    return TRUE;
}
