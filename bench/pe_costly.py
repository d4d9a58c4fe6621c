#!/usr/bin/env python3
"""Issue 57's PDFs that cost nothing to make and everything to read, as
tests/suite/record/hostile_pdfs.rs (`costly`) makes them, written into
the folder given: four content parts of 31 MiB of operands for one
operator, an object stream of 4 million `null`, a raw `[null ...]`
array of 2 million, 300 fonts sharing one ToUnicode map, and 10,000
fonts of `/W [0 65535 500]`."""
import os
import sys
import zlib


def pdf(objects):
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, xref)
    return bytes(out)


def stream(entries, data):
    return b"<< %s /Length %d >>\nstream\n" % (entries.encode(), len(data)) + data + b"\nendstream"


def deflate_repeated(data, times):
    encoder = zlib.compressobj(9)
    parts = [encoder.compress(data) for _ in range(times)]
    return b"".join(parts) + encoder.flush()


HEAD = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"]


def one_page(content):
    page = b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /MediaBox [0 0 612 792] >>"
    return pdf(HEAD + [page, content])


def page_with_fonts(content, fonts, more):
    names = "".join("/F%d %d 0 R " % (i, i + 5) for i in range(len(fonts)))
    page = ("<< /Type /Page /Parent 2 0 R /Contents 4 0 R /MediaBox [0 0 612 792] "
            "/Resources << /Font << %s>> >> >>" % names).encode()
    return pdf(HEAD + [page, stream("", content.encode())] + fonts + more)


def costly():
    part = stream("/Filter /FlateDecode", deflate_repeated(b"0 " * (1 << 19), 31))
    page = b"<< /Type /Page /Parent 2 0 R /Contents [4 0 R 5 0 R 6 0 R 7 0 R] >>"
    yield "operands.pdf", pdf(HEAD + [page, part, part, part, part])
    inflated = b"5 0 [" + b"null " * 4_000_000 + b"]"
    yield "object-stream-nulls.pdf", one_page(
        stream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", zlib.compress(inflated, 9)))
    yield "raw-nulls.pdf", one_page(b"[" + b"null " * 2_000_000 + b"]")
    cmap = [("/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Shared def "
             "1 begincodespacerange <0000> <FFFF> endcodespacerange\n")]
    for block in range(700):
        cmap.append("100 beginbfchar\n")
        for code in range(block * 100, block * 100 + 100):
            cmap.append("<%04X> <%04X>\n" % (code, 0x4E00 + code % 0x5000))
        cmap.append("endbfchar\n")
    cmap.append("endcmap CMapName currentdict /CMap defineresource pop end end")
    fonts = 300
    font = ("<< /Type /Font /Subtype /Type0 /BaseFont /Shared /Encoding /Identity-H "
            "/DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>" % (fonts + 5, fonts + 6)).encode()
    content = "".join("BT /F%d 12 Tf 72 700 Td <0041> Tj ET\n" % i for i in range(fonts))
    yield "shared-map.pdf", page_with_fonts(content, [font] * fonts, [
        b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Shared /DW 1000 >>",
        stream("/Filter /FlateDecode", zlib.compress("".join(cmap).encode(), 9))])
    fonts = 10_000
    font = ("<< /Type /Font /Subtype /Type0 /BaseFont /Wide /Encoding /Identity-H "
            "/DescendantFonts [%d 0 R] >>" % (fonts + 5)).encode()
    content = "".join("/F%d 12 Tf\n" % i for i in range(fonts))
    yield "widths.pdf", page_with_fonts(content, [font] * fonts, [
        b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Wide /W [0 65535 500] >>"])


if __name__ == "__main__":
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, data in costly():
        with open(os.path.join(sys.argv[1], name), "wb") as f:
            f.write(data)
