package cli

import (
	"runtime/debug"
	"strings"
)

// version, when set at link time (go build -ldflags "-X
// github.com/sudokit/sudokit/internal/cli.version=v1.2.3"), is the release
// that --version prints; release builds set it.
var version string

// Version is what --version prints, the help shows and the server sends:
// the release set at link time, else the module version from the build
// information (v1.2.3 for go install ...@v1.2.3, "(devel)" for a build
// from a clone), followed by the VCS revision and "-dirty" when the tree
// had changes, as in "(devel) 78e8f5d1c2ab-dirty".
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return versionOf(version, nil)
	}
	return versionOf(version, info)
}

// versionOf builds the version string from the link-time release and the
// build information (nil when there is none).
func versionOf(release string, info *debug.BuildInfo) string {
	v := release
	if v == "" && info != nil {
		v = info.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	if info == nil {
		return v
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" || strings.Contains(v, rev[:min(len(rev), 12)]) {
		// go install ...@v1.2.3 records no VCS settings; a pseudo-version
		// already names the revision.
		return v
	}
	rev = rev[:min(len(rev), 12)]
	if dirty {
		rev += "-dirty"
	}
	return v + " " + rev
}
