/*
 * hold.exe FILE SECONDS: opens FILE for reading the way Excel holds a
 * workbook it has open (others may read it, not write, rename or delete
 * it), says "holding" on standard output, and keeps it open for SECONDS.
 * tools/windows-smoke.sh uses it to check what `cra export -o FILE` says
 * when the file it would replace is open in another program.
 *
 * x86_64-w64-mingw32-gcc -O2 -o hold.exe hold.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <windows.h>

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: hold FILE SECONDS\n");
        return 2;
    }
    HANDLE file = CreateFileA(argv[1], GENERIC_READ, FILE_SHARE_READ, NULL,
                              OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
    if (file == INVALID_HANDLE_VALUE) {
        fprintf(stderr, "hold: cannot open %s (error %lu)\n", argv[1], GetLastError());
        return 1;
    }
    printf("holding\n");
    fflush(stdout);
    Sleep((DWORD)atoi(argv[2]) * 1000);
    CloseHandle(file);
    return 0;
}
