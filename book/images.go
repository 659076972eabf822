package book

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/sudokit/sudokit/sudoku"
)

// ImageOptions sizes the images of one puzzle each: Size is the side of
// the square image in mm (0: 60 mm), DPI its resolution for PNG (0: 300),
// Symbols how digits above 9 are printed (16x16, 25x25).
type ImageOptions struct {
	Size    float64
	DPI     int
	Symbols Symbols
}

func (o ImageOptions) withDefaults() ImageOptions {
	if o.Size == 0 {
		o.Size = 60
	}
	if o.DPI == 0 {
		o.DPI = 300
	}
	return o
}

// Check validates options: images from 20 to 500 mm, 72 to 2400 dpi, and
// no more than 12,000 pixels a side.
func (o ImageOptions) Check() error {
	o = o.withDefaults()
	if o.Size < 20 || o.Size > 500 {
		return &RangeError{Setting: "image size", Value: o.Size, Min: 20, Max: 500, Unit: "mm"}
	}
	if o.DPI < 72 || o.DPI > 2400 {
		return &RangeError{Setting: "resolution", Value: float64(o.DPI), Min: 72, Max: 2400, Unit: "dpi"}
	}
	if px := o.pixels(); px > 12000 {
		return sudoku.Invalidf("%.0f mm at %d dpi is %d pixels a side: too many", o.Size, o.DPI, px)
	}
	return nil
}

func (o ImageOptions) pixels() int { return int(math.Round(o.Size / 25.4 * float64(o.DPI))) }

// imageFormats are the formats of Images.
var imageFormats = []string{"svg", "png"}

// Image is one file of a book written as images, one per puzzle and
// solution: its name, puzzle-001.svg or solution-001.png, numbered like
// the book, and how to write it.
type Image struct {
	Name  string
	Write func(io.Writer) error
}

// Images lists the files of a book written as images (format svg or png)
// for a page layout program: each puzzle, then its solution. The same
// puzzles and options give the same bytes.
func Images(format string, puzzles []Entry, opt ImageOptions) ([]Image, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	if err := checkEntries(puzzles); err != nil {
		return nil, err
	}
	opt = opt.withDefaults()
	write := writeSVGImage
	switch format {
	case "svg":
	case "png":
		write = writePNGImage
	default:
		return nil, sudoku.Invalidf("images are svg or png, not %q", format)
	}
	var files []Image
	for _, p := range puzzles {
		sol := Entry{Number: p.Number, Grid: p.Solution, Solution: p.Solution, Level: p.Level, Rules: p.Rules,
			Board: p.BoardSolution, BoardSolution: p.BoardSolution}
		for _, f := range []struct {
			name string
			p    Entry
		}{{"puzzle", p}, {"solution", sol}} {
			files = append(files, Image{fmt.Sprintf("%s-%03d.%s", f.name, p.Number, format), func(w io.Writer) error {
				return write(w, f.p, p.puzzleCells(), opt)
			}})
		}
	}
	return files, nil
}

// WriteImageZip writes the files of Images as one zip archive, for an
// answer that must be one file. The same puzzles and options give the
// same bytes.
func WriteImageZip(w io.Writer, format string, puzzles []Entry, opt ImageOptions) error {
	files, err := Images(format, puzzles, opt)
	if err != nil {
		return err
	}
	z := zip.NewWriter(w)
	for _, f := range files {
		// Stored, not deflated: PNG is compressed already, and SVG images
		// are small.
		out, err := z.CreateHeader(&zip.FileHeader{Name: f.Name, Method: zip.Store, Modified: bookEpoch})
		if err != nil {
			return err
		}
		if err := f.Write(out); err != nil {
			return err
		}
	}
	return z.Close()
}

// writeSVGImage writes one puzzle as an SVG image of opt.Size mm
// (digits of given bold).
func writeSVGImage(w io.Writer, p Entry, given []uint8, opt ImageOptions) error {
	return writeSVGPuzzle(w, p, given, fmt.Sprintf("%gmm", opt.withDefaults().Size), opt.Symbols)
}

// The drawing of one puzzle image, in SVG units: a 360-unit grid with a
// 30-unit border around it, the label above.
const imgSide, imgPad = 360.0, 30.0

// writePNGImage draws one puzzle as a PNG image, opt.Size mm at opt.DPI,
// the resolution recorded in the file (pHYs), with the same drawing as the
// SVG images: label, thin and thick lines, digits of given bold.
func writePNGImage(w io.Writer, p Entry, given []uint8, opt ImageOptions) error {
	opt = opt.withDefaults()
	px := opt.pixels()
	s := float64(px) / (imgSide + 2*imgPad) // pixels per unit
	img := image.NewGray(image.Rect(0, 0, px, px))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	rect := func(x0, y0, x1, y1 float64) {
		r := image.Rect(int(math.Round(x0*s)), int(math.Round(y0*s)), int(math.Round(x1*s)), int(math.Round(y1*s)))
		if r.Dx() == 0 {
			r.Max.X++
		}
		if r.Dy() == 0 {
			r.Max.Y++
		}
		draw.Draw(img, r, image.Black, image.Point{}, draw.Src)
	}
	shape := p.shape()
	n := shape.N()
	cell := imgSide / float64(n)
	l := p.look()
	if !l.classic() {
		pngMarks(img, s, cell, l)
	}
	light := solutionGrid(p.puzzleCells(), given)
	if l.hasCages() {
		pngCages(img, s, cell, l, light)
	}
	for i := 1; i < n; i++ {
		wv, wh := 0.5, 0.5
		if i%shape.BoxCols() == 0 && !l.jigsawGrid() {
			wv = 2
		}
		if i%shape.BoxRows() == 0 && !l.jigsawGrid() {
			wh = 2
		}
		p := imgPad + float64(i)*cell
		rect(p-wv/2, imgPad, p+wv/2, imgPad+imgSide)
		rect(imgPad, p-wh/2, imgPad+imgSide, p+wh/2)
	}
	if l.jigsawGrid() {
		for _, e := range l.borders() {
			rect(imgPad+e[0]*cell-1.5, imgPad+e[1]*cell-1.5, imgPad+e[2]*cell+1.5, imgPad+e[3]*cell+1.5)
		}
	}
	for _, e := range [][4]float64{
		{imgPad - 1.5, imgPad - 1.5, imgPad + imgSide + 1.5, imgPad + 1.5},
		{imgPad - 1.5, imgPad + imgSide - 1.5, imgPad + imgSide + 1.5, imgPad + imgSide + 1.5},
		{imgPad - 1.5, imgPad - 1.5, imgPad + 1.5, imgPad + imgSide + 1.5},
		{imgPad + imgSide - 1.5, imgPad - 1.5, imgPad + imgSide + 1.5, imgPad + imgSide + 1.5},
	} {
		rect(e[0], e[1], e[2], e[3])
	}
	frac := 0.62
	if l.hasCages() {
		frac = cageDigitSize // clear of the sums
	}
	regular, err := face(goregular.TTF, cell*frac*s)
	if err != nil {
		return err
	}
	bold, err := face(gobold.TTF, cell*frac*s)
	if err != nil {
		return err
	}
	text := func(f font.Face, x, y float64, str, align string, gray uint8) {
		d := font.Drawer{Dst: img, Src: image.NewUniform(color.Gray{Y: gray}), Face: f}
		adv := float64(d.MeasureString(str)) / 64
		switch align {
		case "C":
			x -= adv / 2
		case "R":
			x -= adv
		}
		d.Dot = fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
		d.DrawString(str)
	}
	capH := func(f font.Face) float64 {
		b, _, _ := f.GlyphBounds('8')
		return float64(-b.Min.Y) / 64
	}
	// Two figures (10 to 25) in smaller type, to fit the cell.
	regular2, err := face(goregular.TTF, cell*0.5*s)
	if err != nil {
		return err
	}
	bold2, err := face(gobold.TTF, cell*0.5*s)
	if err != nil {
		return err
	}
	for i, v := range p.puzzleCells() {
		if v == 0 {
			continue
		}
		d := opt.Symbols.text(v)
		f := regular
		switch {
		case given[i] != 0 && len(d) > 1:
			f = bold2
		case given[i] != 0:
			f = bold
		case len(d) > 1:
			f = regular2
		}
		cx := (imgPad + (float64(i%n)+0.5)*cell) * s
		cy := (imgPad + (float64(i/n)+0.5)*cell) * s
		text(f, cx, cy+capH(f)/2, d, "C", 0)
	}
	if l.hasCages() {
		sums, err := face(goregular.TTF, cell*cageSumSize/0.7*s)
		if err != nil {
			return err
		}
		gray := uint8(cageGray / 2)
		if light {
			gray = cageLightGray / 2
		}
		for _, cage := range l.cages {
			x, y, _, h := svgCageSumBox(cell, l.n, cage)
			text(sums, (imgPad+x)*s, (imgPad+y+h)*s, strconv.Itoa(cage.Sum), "L", gray)
		}
	}
	lb, err := face(gobold.TTF, 14*s)
	if err != nil {
		return err
	}
	lr, err := face(goregular.TTF, 14*s)
	if err != nil {
		return err
	}
	text(lb, imgPad*s, (imgPad-6)*s, fmt.Sprintf("#%d", p.Number), "L", 0)
	text(lr, (imgPad+imgSide)*s, (imgPad-6)*s, p.imageDetails(), "R", 80)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return err
	}
	_, err = w.Write(withDPI(b.Bytes(), opt.DPI))
	return err
}

// pngMarks draws the marks of a grid's rules (see look) under its lines,
// as the SVG images do: s is pixels per unit, cell the side of a cell in
// units, the grid at (imgPad, imgPad).
func pngMarks(img *image.Gray, s, cell float64, l *look) {
	// paint sets the pixels of the box (units) for which in holds (its
	// arguments: the pixel's centre in units) to gray.
	paint := func(x0, y0, x1, y1 float64, gray uint8, in func(x, y float64) bool) {
		for py := int(math.Floor(y0 * s)); py < int(math.Ceil(y1*s)); py++ {
			for px := int(math.Floor(x0 * s)); px < int(math.Ceil(x1*s)); px++ {
				if in((float64(px)+0.5)/s, (float64(py)+0.5)/s) {
					img.SetGray(px, py, color.Gray{Y: gray})
				}
			}
		}
	}
	all := func(x, y float64) bool { return true }
	origin := func(c int) (float64, float64) { return imgPad + float64(c%l.n)*cell, imgPad + float64(c/l.n)*cell }
	for _, c := range l.shadedCells() {
		x, y := origin(c)
		paint(x, y, x+cell, y+cell, fillGray, all)
	}
	if l.diagonalLines {
		half := max(cell*0.05, 1/s) / 2 * math.Sqrt2 // half the width, across x
		paint(imgPad, imgPad, imgPad+imgSide, imgPad+imgSide, markGray, func(x, y float64) bool {
			x, y = x-imgPad, y-imgPad
			return math.Abs(x-y) <= half || math.Abs(imgSide-x-y) <= half
		})
	}
	ring := max(cell*0.04, 1/s) / 2
	for c := range l.marks[markRing].All() {
		x, y := origin(c)
		cx, cy := x+cell/2, y+cell/2
		paint(x, y, x+cell, y+cell, markGray, func(x, y float64) bool {
			return math.Abs(math.Hypot(x-cx, y-cy)-cell*ringRadius) <= ring
		})
	}
	for c := range l.marks[markDot].All() {
		x, y := origin(c)
		cx, cy := x+cell*(1-dotInset), y+cell*dotInset
		paint(x, y, x+cell, y+cell, markGray, func(x, y float64) bool { return math.Hypot(x-cx, y-cy) <= cell*dotRadius })
	}
	for c := range l.marks[markCorner].All() {
		x, y := origin(c)
		paint(x, y, x+cell, y+cell, markGray, func(px, py float64) bool { return (px-x)+(y+cell-py) <= cell*cornerSize })
	}
}

// face is a Go font at size pixels.
func face(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, err
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
}

// withDPI adds a pHYs chunk (pixels per metre) after a PNG's header chunk,
// so that layout programs place the image at its size.
func withDPI(p []byte, dpi int) []byte {
	const at = 8 + 8 + 13 + 4 // signature, IHDR
	if len(p) < at {
		return p
	}
	ppm := uint32(math.Round(float64(dpi) / 0.0254))
	chunk := binary.BigEndian.AppendUint32(nil, 9)
	body := append([]byte("pHYs"), binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, ppm), ppm)...)
	body = append(body, 1) // unit: metre
	chunk = append(chunk, body...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(body))
	out := append([]byte{}, p[:at]...)
	out = append(out, chunk...)
	return append(out, p[at:]...)
}
