package book

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/sudokit/sudokit/sudoku"
)

// A bookFont is one face a book's text is set in: a TrueType or OpenType
// font (TrueType or CFF outlines), alone or a face of a collection.
//
// fpdf (v0.12.0) embeds only TrueType-outline fonts, read from a single
// font file: it refuses OpenType/CFF fonts and collections (.ttc), and
// writes the subset it cuts from the used characters under a name without
// the subset tag that PDF readers and preflight tools look for. So a book
// never hands fpdf the font file: subset builds a small TrueType font of
// just the glyphs the book uses, from the outlines golang.org/x/image's
// sfnt reads in any of these forms (cubic CFF curves become quadratic
// ones, see cubicToQuads), and the book names it as a subset (subsetTag).
type bookFont struct {
	name   string // for messages: "Go Regular", "NotoSansCJK-Regular.ttc"
	f      *sfnt.Font
	upem   float64
	weight uint16
	buf    sfnt.Buffer
	adv    map[rune]float64 // advance widths in em units, cached
}

// fsType bits of the OS/2 table that forbid embedding a font in a PDF, or
// subsetting it.
const (
	fsRestricted = 0x0002
	fsNoSubset   = 0x0100
	fsBitmapOnly = 0x0200
)

// loadFont reads face index of a font file: TTF, OTF or a collection (TTC,
// OTC). It refuses a font whose license bits forbid embedding it, or
// embedding a subset.
func loadFont(name string, data []byte, index int) (*bookFont, error) {
	c, err := sfnt.ParseCollection(data)
	if err != nil {
		return nil, fmt.Errorf("font %s is not a TrueType or OpenType font (%w)", name, err)
	}
	if index < 0 || index >= c.NumFonts() {
		return nil, fmt.Errorf("font %s has %d faces, no face %d", name, c.NumFonts(), index)
	}
	f, err := c.Font(index)
	if err != nil {
		return nil, fmt.Errorf("font %s: %w", name, err)
	}
	fsType, weight := os2Bits(data, index)
	if fsType&(fsRestricted|fsNoSubset|fsBitmapOnly) != 0 {
		return nil, fmt.Errorf("font %s: its license bits (OS/2 fsType %#04x) forbid embedding a subset of it in a PDF", name, fsType)
	}
	if weight == 0 {
		weight = 400
	}
	return &bookFont{name: name, f: f, upem: float64(f.UnitsPerEm()), weight: weight, adv: map[rune]float64{}}, nil
}

// os2Bits reads fsType and usWeightClass from the OS/2 table of face index
// (zero when there is none or the file is not as expected: sfnt has
// checked the tables it needs already).
func os2Bits(data []byte, index int) (fsType, weight uint16) {
	dir := 0
	if len(data) >= 12 && string(data[:4]) == "ttcf" {
		if n := int(binary.BigEndian.Uint32(data[8:])); index < n && len(data) >= 16+4*index {
			dir = int(binary.BigEndian.Uint32(data[12+4*index:]))
		}
	}
	if len(data) < dir+12 {
		return 0, 0
	}
	tables := int(binary.BigEndian.Uint16(data[dir+4:]))
	for i := range tables {
		rec := dir + 12 + 16*i
		if len(data) < rec+16 {
			return 0, 0
		}
		if string(data[rec:rec+4]) != "OS/2" {
			continue
		}
		off := int(binary.BigEndian.Uint32(data[rec+8:]))
		if len(data) < off+10 {
			return 0, 0
		}
		return binary.BigEndian.Uint16(data[off+8:]), binary.BigEndian.Uint16(data[off+4:])
	}
	return 0, 0
}

// has reports whether the font has a glyph for r (fpdf's encoding reaches
// only the Basic Multilingual Plane).
func (bf *bookFont) has(r rune) bool {
	if r == ' ' || r == '\n' {
		return true
	}
	if r > 0xFFFF {
		return false
	}
	gi, err := bf.f.GlyphIndex(&bf.buf, r)
	return err == nil && gi != 0
}

// missing lists the characters of s the font has no glyph for, each once.
func (bf *bookFont) missing(s string) []rune {
	var out []rune
	for _, r := range s {
		if !bf.has(r) && !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	return out
}

// width is the advance of s at size points, in mm.
func (bf *bookFont) width(s string, size float64) float64 {
	w := 0.0
	for _, r := range s {
		a, ok := bf.adv[r]
		if !ok {
			if gi, err := bf.f.GlyphIndex(&bf.buf, r); err == nil {
				if adv, err := bf.f.GlyphAdvance(&bf.buf, gi, fixed.I(int(bf.upem)), font.HintingNone); err == nil {
					a = float64(adv) / 64 / bf.upem
				}
			}
			bf.adv[r] = a
		}
		w += a
	}
	return w * size * ptMM
}

// ptMM is one point in mm.
const ptMM = 25.4 / 72

// MissingGlyphsError is the error of a text that the book's font cannot
// write: Options.Font must be a font that has the characters (for
// Chinese, Japanese and Korean, such as NotoSansCJK-Regular.ttc, from
// Debian's fonts-noto-cjk).
type MissingGlyphsError struct {
	Where   string // the text: `title "数独"`, or "the book's text"
	Font    string // the font's name
	Missing []rune // the characters it has no glyph for, each once
}

func (e *MissingGlyphsError) Error() string {
	var names []string
	for _, r := range e.Missing {
		names = append(names, fmt.Sprintf("%c (U+%04X)", r, r))
	}
	return fmt.Sprintf("%s: the font %s has no glyph for %s", e.Where, e.Font, strings.Join(names, ", "))
}

// Is makes every MissingGlyphsError of kind sudoku.ErrInvalid.
func (e *MissingGlyphsError) Is(target error) bool { return target == sudoku.ErrInvalid }

// missingError names the characters a font lacks, for where they are.
func missingError(bf *bookFont, where string, missing []rune) error {
	return &MissingGlyphsError{Where: where, Font: bf.name, Missing: missing}
}

// subset builds a TrueType font of the glyphs of runes (and .notdef): the
// outlines as quadratic contours in font units, advance widths, a Unicode
// cmap and the metrics fpdf reads. Hinting is left out: print does not use
// it.
func (bf *bookFont) subset(runes []rune) ([]byte, error) {
	runes = slices.Clone(runes)
	slices.Sort(runes)
	runes = slices.Compact(runes)
	ppem := fixed.I(int(bf.upem))
	gs, err := bf.loadGlyphs(runes, ppem)
	if err != nil {
		return nil, err
	}
	m, err := bf.f.Metrics(&bf.buf, ppem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("font %s: %w", bf.name, err)
	}
	ascent, descent := int(math.Round(float64(m.Ascent)/64)), int(math.Round(float64(m.Descent)/64))
	capHeight := int(math.Round(float64(m.CapHeight) / 64))
	if capHeight == 0 {
		capHeight = ascent
	}
	glyf, loca, hmtx, hm := glyphTables(gs.glyphs)
	bbox := gs.bbox

	var head bytes.Buffer
	put32(&head, 0x00010000, 0x00010000, 0, 0x5F0F3CF5)
	put16(&head, 0b1011, int(bf.upem))
	put32(&head, 0, 0, 0, 0) // created, modified: fixed, for deterministic books
	put16(&head, bbox[0], bbox[1], bbox[2], bbox[3], 0, 8, 2, 1, 0)
	var hhea bytes.Buffer
	put32(&hhea, 0x00010000)
	put16(&hhea, ascent, -descent, 0, hm.maxAdvance, hm.minLSB, hm.minRSB, hm.maxExtent, 1, 0, 0, 0, 0, 0, 0, 0, len(gs.glyphs))
	var maxp bytes.Buffer
	put32(&maxp, 0x00010000)
	put16(&maxp, len(gs.glyphs), gs.maxPoints, gs.maxContours, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0)
	var os2 bytes.Buffer
	put16(&os2, 4, hm.maxAdvance/2, int(bf.weight), 5, 0) // version, avg width, weight, width class, fsType 0: installable
	put16(&os2, 650, 600, 0, 75, 650, 600, 0, 350, 50, 250, 0)
	os2.Write(make([]byte, 10+16)) // panose, unicode ranges
	os2.WriteString("SDKT")
	first16, last16 := 0x20, 0x20
	if len(gs.cmap) > 0 {
		first16, last16 = gs.cmap[0][0], gs.cmap[len(gs.cmap)-1][0]
	}
	put16(&os2, 0x40, first16, last16, ascent, -descent, 0, ascent, descent)
	put32(&os2, 1, 0)
	put16(&os2, capHeight/2, capHeight, 0, 0x20, 0)
	var post bytes.Buffer
	put32(&post, 0x00030000, 0)
	put16(&post, -100, 50)
	put32(&post, 0, 0, 0, 0, 0)

	return assembleSFNT(map[string][]byte{
		"OS/2": os2.Bytes(), "cmap": cmapTable(gs.cmap), "glyf": glyf, "head": head.Bytes(),
		"hhea": hhea.Bytes(), "hmtx": hmtx, "loca": loca, "maxp": maxp.Bytes(),
		"name": nameTable(postScriptName(bf)), "post": post.Bytes(),
	}), nil
}

// A subsetGlyph is a glyph of a subset: its outline as a TrueType simple
// glyph (nil when it has none), its advance width and its left side
// bearing, in font units.
type subsetGlyph struct {
	data    []byte
	advance int
	lsb     int
}

// subsetGlyphs are the glyphs of a subset in their new order, with their
// cmap and the figures over all of them that head and maxp record.
type subsetGlyphs struct {
	glyphs                 []subsetGlyph
	cmap                   [][2]int // rune, new glyph index
	bbox                   [4]int   // xMin, yMin, xMax, yMax over all glyphs
	hasBox                 bool     // bbox holds a glyph's box
	maxPoints, maxContours int
}

// loadGlyphs loads .notdef, then the glyph of each of runes (sorted, each
// once) that the font has.
func (bf *bookFont) loadGlyphs(runes []rune, ppem fixed.Int26_6) (*subsetGlyphs, error) {
	gs := &subsetGlyphs{glyphs: []subsetGlyph{}}
	if err := gs.add(bf, 0, ppem); err != nil {
		return nil, fmt.Errorf("font %s: .notdef: %w", bf.name, err)
	}
	for _, r := range runes {
		if r > 0xFFFF {
			continue
		}
		gi, err := bf.f.GlyphIndex(&bf.buf, r)
		if err != nil || gi == 0 {
			continue
		}
		if err := gs.add(bf, gi, ppem); err != nil {
			return nil, fmt.Errorf("font %s: glyph of %c: %w", bf.name, r, err)
		}
		gs.cmap = append(gs.cmap, [2]int{int(r), len(gs.glyphs) - 1})
	}
	return gs, nil
}

// add appends glyph gi of bf, with its outline made of quadratic contours.
func (gs *subsetGlyphs) add(bf *bookFont, gi sfnt.GlyphIndex, ppem fixed.Int26_6) error {
	segs, err := bf.f.LoadGlyph(&bf.buf, gi, ppem, nil)
	if err != nil {
		return err
	}
	adv, err := bf.f.GlyphAdvance(&bf.buf, gi, ppem, font.HintingNone)
	if err != nil {
		return err
	}
	contours := toContours(segs)
	data, box, points := encodeGlyph(contours)
	g := subsetGlyph{data: data, advance: int(math.Round(float64(adv) / 64))}
	if data != nil {
		g.lsb = box[0]
		if !gs.hasBox {
			gs.bbox, gs.hasBox = box, true
		} else {
			b := gs.bbox
			gs.bbox = [4]int{min(b[0], box[0]), min(b[1], box[1]), max(b[2], box[2]), max(b[3], box[3])}
		}
		gs.maxPoints, gs.maxContours = max(gs.maxPoints, points), max(gs.maxContours, len(contours))
	}
	gs.glyphs = append(gs.glyphs, g)
	return nil
}

// hMetrics are the extremes of the horizontal metrics that hhea records.
type hMetrics struct {
	maxAdvance, minLSB, minRSB, maxExtent int
}

// glyphTables writes the glyf, loca (long offsets) and hmtx tables of the
// glyphs, and returns them with the glyphs' extremes for hhea.
func glyphTables(glyphs []subsetGlyph) (glyf, loca, hmtx []byte, hm hMetrics) {
	var gb, lb, hb bytes.Buffer
	for i, g := range glyphs {
		binary.Write(&lb, binary.BigEndian, uint32(gb.Len()))
		gb.Write(g.data)
		for gb.Len()%4 != 0 {
			gb.WriteByte(0)
		}
		binary.Write(&hb, binary.BigEndian, [2]uint16{uint16(g.advance), uint16(int16(g.lsb))})
		hm.maxAdvance = max(hm.maxAdvance, g.advance)
		if g.data != nil {
			xMin := int(int16(binary.BigEndian.Uint16(g.data[2:])))
			xMax := int(int16(binary.BigEndian.Uint16(g.data[6:])))
			if i == 0 || hm.minLSB > xMin {
				hm.minLSB = xMin
			}
			hm.minRSB = min(hm.minRSB, g.advance-xMax)
			hm.maxExtent = max(hm.maxExtent, xMax)
		}
	}
	binary.Write(&lb, binary.BigEndian, uint32(gb.Len()))
	return gb.Bytes(), lb.Bytes(), hb.Bytes(), hm
}

// cmapTable writes a cmap of one format 4 subtable (Windows, Unicode BMP)
// mapping each rune of cmap (in increasing order) to its glyph: one
// segment per rune, then the final 0xFFFF one.
func cmapTable(cmap [][2]int) []byte {
	var cm bytes.Buffer
	seg := len(cmap) + 1
	sr, es := 1, 0
	for sr*2 <= seg {
		sr, es = sr*2, es+1
	}
	sr *= 2
	put16(&cm, 0, 1, 3, 1)
	put32(&cm, 12)
	put16(&cm, 4, 16+8*seg, 0, 2*seg, sr, es, 2*seg-sr)
	for _, e := range cmap {
		put16(&cm, e[0])
	}
	put16(&cm, 0xFFFF, 0)
	for _, e := range cmap {
		put16(&cm, e[0])
	}
	put16(&cm, 0xFFFF)
	for _, e := range cmap {
		put16(&cm, (e[1]-e[0])&0xFFFF)
	}
	put16(&cm, 1)
	for range seg {
		put16(&cm, 0)
	}
	return cm.Bytes()
}

// nameTable writes a name table naming the font psName (Windows, Unicode,
// US English): family, subfamily "Regular", full name and PostScript name.
func nameTable(psName string) []byte {
	var name bytes.Buffer
	records := []struct {
		id int
		s  string
	}{{1, psName}, {2, "Regular"}, {4, psName}, {6, psName}}
	put16(&name, 0, len(records), 6+12*len(records))
	var strs bytes.Buffer
	for _, r := range records {
		var u []byte
		for _, c := range r.s {
			u = binary.BigEndian.AppendUint16(u, uint16(c))
		}
		put16(&name, 3, 1, 0x409, r.id, len(u), strs.Len())
		strs.Write(u)
	}
	name.Write(strs.Bytes())
	return name.Bytes()
}

// put16 appends each of vs to b as a big-endian 16-bit word (FWORD,
// UFWORD, uint16: the low 16 bits).
func put16(b *bytes.Buffer, vs ...int) {
	for _, v := range vs {
		binary.Write(b, binary.BigEndian, uint16(int16(v)))
	}
}

// put32 appends each of vs to b as a big-endian 32-bit word.
func put32(b *bytes.Buffer, vs ...uint32) {
	for _, v := range vs {
		binary.Write(b, binary.BigEndian, v)
	}
}

// postScriptName is the font's PostScript name, or a name made from its
// file's, reduced to the characters a PDF name keeps plainly.
func postScriptName(bf *bookFont) string {
	s, err := bf.f.Name(&bf.buf, sfnt.NameIDPostScript)
	if err != nil || s == "" {
		s = bf.name
	}
	var b strings.Builder
	for _, r := range s {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "Font"
	}
	return b.String()
}

// assembleSFNT writes the tables as a TrueType font file, with checksums.
func assembleSFNT(tables map[string][]byte) []byte {
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	n := len(tags)
	sr, es := 1, 0
	for sr*2 <= n {
		sr, es = sr*2, es+1
	}
	var out bytes.Buffer
	binary.Write(&out, binary.BigEndian, []uint32{0x00010000})
	binary.Write(&out, binary.BigEndian, []uint16{uint16(n), uint16(sr * 16), uint16(es), uint16(n*16 - sr*16)})
	off := 12 + 16*n
	var body bytes.Buffer
	for _, t := range tags {
		d := tables[t]
		out.WriteString(t)
		binary.Write(&out, binary.BigEndian, []uint32{checksum(d), uint32(off + body.Len()), uint32(len(d))})
		body.Write(d)
		for body.Len()%4 != 0 {
			body.WriteByte(0)
		}
	}
	out.Write(body.Bytes())
	b := out.Bytes()
	// head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
	headAt := 12 + 16*slices.Index(tags, "head")
	headOff := binary.BigEndian.Uint32(b[headAt+8:])
	binary.BigEndian.PutUint32(b[headOff+8:], 0xB1B0AFBA-checksum(b))
	return b
}

func checksum(d []byte) uint32 {
	var sum uint32
	for i := 0; i < len(d); i += 4 {
		var w [4]byte
		copy(w[:], d[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

// A point of a contour, in font units (y up), on or off the curve.
type point struct {
	x, y int
	on   bool
}

// toContours turns sfnt's segments (26.6 units at ppem = units per em, y
// down) into TrueType contours: cubic curves become quadratic ones.
func toContours(segs sfnt.Segments) [][]point {
	var out [][]point
	var cur []point
	var px, py float64 // the pen, in font units, y up
	pt := func(p fixed.Point26_6) (float64, float64) { return float64(p.X) / 64, -float64(p.Y) / 64 }
	on := func(x, y float64) point { return point{int(math.Round(x)), int(math.Round(y)), true} }
	flush := func() {
		if len(cur) > 1 && cur[0] == cur[len(cur)-1] {
			cur = cur[:len(cur)-1]
		}
		if len(cur) > 0 {
			out = append(out, cur)
		}
		cur = nil
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			flush()
			px, py = pt(s.Args[0])
			cur = append(cur, on(px, py))
		case sfnt.SegmentOpLineTo:
			px, py = pt(s.Args[0])
			cur = append(cur, on(px, py))
		case sfnt.SegmentOpQuadTo:
			cx, cy := pt(s.Args[0])
			px, py = pt(s.Args[1])
			c := on(cx, cy)
			c.on = false
			cur = append(cur, c, on(px, py))
		case sfnt.SegmentOpCubeTo:
			c1x, c1y := pt(s.Args[0])
			c2x, c2y := pt(s.Args[1])
			x, y := pt(s.Args[2])
			for _, q := range cubicToQuads([4][2]float64{{px, py}, {c1x, c1y}, {c2x, c2y}, {x, y}}) {
				c := on(q[0][0], q[0][1])
				c.on = false
				cur = append(cur, c, on(q[1][0], q[1][1]))
			}
			px, py = x, y
		}
	}
	flush()
	return out
}

// cubicToQuads approximates a cubic Bézier curve by quadratic ones (control
// point, end point each), enough of them that each stays within about 0.2
// font units of the cubic: the error of one quadratic for a cubic is at
// most √3/36·|p3 − 3p2 + 3p1 − p0|, and it falls with the cube of the
// number of pieces.
func cubicToQuads(c [4][2]float64) [][2][2]float64 {
	dx := c[3][0] - 3*c[2][0] + 3*c[1][0] - c[0][0]
	dy := c[3][1] - 3*c[2][1] + 3*c[1][1] - c[0][1]
	errOne := math.Sqrt(3) / 36 * math.Hypot(dx, dy)
	n := max(1, int(math.Ceil(math.Cbrt(errOne/0.2))))
	n = min(n, 16)
	at := func(t float64) [2]float64 {
		u := 1 - t
		var p [2]float64
		for k := range 2 {
			p[k] = u*u*u*c[0][k] + 3*u*u*t*c[1][k] + 3*u*t*t*c[2][k] + t*t*t*c[3][k]
		}
		return p
	}
	deriv := func(t float64) [2]float64 {
		u := 1 - t
		var p [2]float64
		for k := range 2 {
			p[k] = 3*u*u*(c[1][k]-c[0][k]) + 6*u*t*(c[2][k]-c[1][k]) + 3*t*t*(c[3][k]-c[2][k])
		}
		return p
	}
	var out [][2][2]float64
	for i := range n {
		t0, t1 := float64(i)/float64(n), float64(i+1)/float64(n)
		p0, p3 := at(t0), at(t1)
		// The piece's cubic control points, from the derivatives; the
		// quadratic's control point is their midpoint estimate.
		d0, d1 := deriv(t0), deriv(t1)
		h := (t1 - t0) / 3
		var ctl [2]float64
		for k := range 2 {
			c1 := p0[k] + h*d0[k]
			c2 := p3[k] - h*d1[k]
			ctl[k] = (3*(c1+c2) - p0[k] - p3[k]) / 4
		}
		out = append(out, [2][2]float64{ctl, p3})
	}
	return out
}

// encodeGlyph writes contours as a TrueType simple glyph: its bytes (nil
// for a glyph without outline), its bounding box and number of points.
func encodeGlyph(contours [][]point) ([]byte, [4]int, int) {
	var box [4]int
	n := 0
	for _, c := range contours {
		for _, p := range c {
			if n == 0 {
				box = [4]int{p.x, p.y, p.x, p.y}
			}
			box = [4]int{min(box[0], p.x), min(box[1], p.y), max(box[2], p.x), max(box[3], p.y)}
			n++
		}
	}
	if n == 0 {
		return nil, box, 0
	}
	var b bytes.Buffer
	put := func(v int) { binary.Write(&b, binary.BigEndian, uint16(int16(v))) }
	put(len(contours))
	for _, v := range box {
		put(v)
	}
	end := -1
	for _, c := range contours {
		end += len(c)
		put(end)
	}
	put(0) // no instructions
	var flags, xs, ys []byte
	x, y := 0, 0
	coord := func(d int, short, same byte, buf *[]byte) byte {
		switch {
		case d == 0:
			return same
		case d > -256 && d < 256:
			if d > 0 {
				*buf = append(*buf, byte(d))
				return short | same
			}
			*buf = append(*buf, byte(-d))
			return short
		}
		*buf = binary.BigEndian.AppendUint16(*buf, uint16(int16(d)))
		return 0
	}
	for _, c := range contours {
		for _, p := range c {
			var f byte
			if p.on {
				f |= 1
			}
			f |= coord(p.x-x, 0x02, 0x10, &xs)
			f |= coord(p.y-y, 0x04, 0x20, &ys)
			x, y = p.x, p.y
			flags = append(flags, f)
		}
	}
	b.Write(flags)
	b.Write(xs)
	b.Write(ys)
	return b.Bytes(), box, n
}

// subsetTag is the six capital letters that name a subset of a font
// (PDF 32000-1, 9.6.4), made from its glyphs, so that it stays the same
// from one run to the next.
func subsetTag(data []byte) string {
	h := fnv.New64a()
	h.Write(data)
	v := h.Sum64()
	tag := make([]byte, 6)
	for i := range tag {
		tag[i] = 'A' + byte(v%26)
		v /= 26
	}
	return string(tag)
}
