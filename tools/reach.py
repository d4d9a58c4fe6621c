#!/usr/bin/env python3
"""The reach of each command: the files outside src/commands/ that a
command's files (src/commands/NAME.rs and src/commands/NAME/) name, in
`use` declarations and in paths written inline (crate::, super::, a
module imported by name). A room is counted by the file a path names:
its face (`mirror::Reader` is src/mirror/mod.rs), as the house is drawn.
A re-export in src/commands/ is followed through to its room (none is
left there: commands/mod.rs is the registry alone).

    python3 tools/reach.py            every command's reach, the largest first
    python3 tools/reach.py -v         and the files
    python3 tools/reach.py --check    exit 1 if a command names more than 8
    python3 tools/reach.py --through  each name followed through `pub use`
                                      to the file that defines it

Run from the checkout."""
import os, re, sys

SRC = "src"
FACES = "--through" not in sys.argv
files = {}
for root, _, names in os.walk(SRC):
    for n in names:
        if n.endswith(".rs"):
            p = os.path.join(root, n)
            files[p] = open(p).read()


def modpath(p):
    rel = p[len(SRC) + 1:-3]
    parts = rel.split("/")
    if parts == ["lib"]:
        return ()
    if parts == ["main"]:
        return None
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)


mod2file = {}
for p in files:
    m = modpath(p)
    if m is not None:
        mod2file[m] = p


def strip(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        m = re.match(r'b?r(#*)"', text[i:i + 10])
        if m and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = '"' + m.group(1)
            j = text.find(close, i + len(m.group(0)))
            out.append('""')
            i = n if j < 0 else j + len(close)
            continue
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
            continue
        if c == "'":
            m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
                continue
        out.append(c)
        i += 1
    text = "".join(out)
    m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
    if m:
        text = text[:m.start()]
    return text


clean = {p: strip(t) for p, t in files.items()}

DEF = re.compile(r"\b(?:fn|struct|enum|trait|type|const|static|union)\s+([A-Za-z_]\w*)")
MACRO = re.compile(r"macro_rules!\s*([A-Za-z_]\w*)")
defs = {}
for p, t in clean.items():
    s = set(DEF.findall(t)) | set(MACRO.findall(t))
    defs[p] = s


def parse_tree(s):
    """Expand a use tree 'a::b::{c, d::{e as f}, g::*}' to lists of
    (segments, alias)."""
    s = s.strip()
    out = []

    def split_top(x):
        parts, depth, cur = [], 0, ""
        for ch in x:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur.strip():
            parts.append(cur)
        return parts

    def go(prefix, x):
        x = x.strip()
        if not x:
            return
        i = x.find("{")
        if i >= 0 and x.endswith("}"):
            head = x[:i].rstrip(":").strip()
            segs = prefix + ([h for h in head.split("::") if h] if head else [])
            for part in split_top(x[i + 1:-1]):
                go(segs, part)
            return
        alias = None
        m = re.match(r"(.*)\s+as\s+(\w+)$", x)
        if m:
            x, alias = m.group(1).strip(), m.group(2)
        segs = prefix + [h.strip() for h in x.split("::") if h.strip()]
        out.append((segs, alias))

    go([], s)
    return out


USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
uses = {}  # file -> list of (pub, segs, alias)
for p, t in clean.items():
    lst = []
    for m in USE.finditer(t):
        pub = bool(m.group(1))
        for segs, alias in parse_tree(m.group(2)):
            lst.append((pub, segs, alias))
    uses[p] = lst


def absolute(cur, segs):
    """Turn a use path relative to module cur into an absolute module path
    list (starting under crate), or None if external."""
    if not segs:
        return None
    if segs[0] == "crate":
        return list(segs[1:])
    if segs[0] == "self":
        return list(cur) + list(segs[1:])
    if segs[0] == "super":
        base = list(cur)
        i = 0
        while i < len(segs) and segs[i] == "super":
            base = base[:-1]
            i += 1
        return base + list(segs[i:])
    # 2018 edition: a path starting with a child module of the current one
    if tuple(list(cur) + [segs[0]]) in mod2file:
        return list(cur) + list(segs)
    # or a crate-root module used without crate:: (only in lib.rs / main)
    return None


def resolve(segs, seen=None):
    """segs: absolute module path + item. Returns the defining file."""
    seen = seen or set()
    key = tuple(segs)
    if key in seen:
        return None
    seen.add(key)
    mod = ()
    i = 0
    while i < len(segs) and tuple(list(mod) + [segs[i]]) in mod2file:
        mod = tuple(list(mod) + [segs[i]])
        i += 1
    f = mod2file.get(mod)
    if f is None:
        return None
    if i >= len(segs) or segs[i] == "*" or FACES:
        return f  # a module itself (or glob): count the module's file
    name = segs[i]
    if name in defs[f]:
        return f
    # re-exported?
    for pub, usegs, alias in uses[f]:
        if not pub:
            continue
        last = usegs[-1]
        if last == "*":
            a = absolute(mod, usegs[:-1])
            if a is None:
                continue
            r = resolve(a + [name] + segs[i + 1:], seen)
            if r:
                return r
        elif (alias or last) == name:
            a = absolute(mod, usegs)
            if a is None:
                return f
            r = resolve(a + segs[i + 1:], seen)
            return r or f
    return f


INLINE = re.compile(r"\b((?:crate|super|self)(?:::[A-Za-z_]\w*)+)")


def targets(p):
    cur = modpath(p)
    if cur is None:
        return set()
    t = clean[p]
    out = set()
    aliases = {}
    for pub, segs, alias in uses[p]:
        a = absolute(cur, segs)
        if a is None:
            continue
        name = alias or segs[-1]
        if tuple(a) in mod2file:
            aliases[name] = a
            continue
        r = resolve(a)
        if r:
            out.add(r)
    for m in INLINE.finditer(t):
        # skip inside use declarations (already counted)
        segs = m.group(1).split("::")
        a = absolute(cur, segs)
        if a is None:
            continue
        r = resolve(a)
        if r and tuple(a) not in mod2file:
            out.add(r)
    # module aliases: alias::x::y in the body
    for name, a in aliases.items():
        for m in re.finditer(r"(?<![\w:])" + re.escape(name) + r"((?:::[A-Za-z_]\w*)+)", t):
            segs = a + m.group(1).split("::")[1:]
            r = resolve(segs)
            if r:
                out.add(r)
    return out


def command_files(name):
    out = []
    for p in files:
        if p == f"src/commands/{name}.rs" or p.startswith(f"src/commands/{name}/"):
            out.append(p)
    return out


MOST = 8
verbose = "-v" in sys.argv
cmds = sorted({os.path.basename(p)[:-3] if p.count("/") == 2 else p.split("/")[2]
               for p in files if p.startswith("src/commands/") and not p.endswith("mod.rs")})
rows = []
for c in cmds:
    reach = set()
    for p in command_files(c):
        for t in targets(p):
            if not t.startswith("src/commands/"):
                reach.add(t)
    rows.append((len(reach), c, sorted(reach)))
for n, c, r in sorted(rows, reverse=True) if "--check" not in sys.argv else []:
    print(f"{n:3} {c}")
    if verbose:
        for f in r:
            print("      ", f)

if "--check" in sys.argv:
    over = [(n, c) for n, c, _ in rows if n > MOST]
    for n, c in over:
        print(f"reach: {c} names {n} files outside src/commands/ (at most {MOST})", file=sys.stderr)
    sys.exit(1 if over else 0)
