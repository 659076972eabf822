package cli

import (
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	const rev = "78e8f5d1c2ab4f0e9d8c7b6a5f4e3d2c1b0a9f8e"
	cases := []struct {
		name, release string
		info          *debug.BuildInfo
		want          string
	}{
		{"clone", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, "(devel) 78e8f5d1c2ab"},
		{"clone with changes", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "true")}, "(devel) 78e8f5d1c2ab-dirty"},
		{"go install @tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{"pseudo-version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261123140000-78e8f5d1c2ab"}, Settings: vcs(rev, "false")},
			"v0.0.0-20261123140000-78e8f5d1c2ab"},
		{"release build", "v1.3.0", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "false")}, "v1.3.0 78e8f5d1c2ab"},
		{"no build info", "", nil, "(devel)"},
		{"go test", "", &debug.BuildInfo{}, "(devel)"},
	}
	for _, tc := range cases {
		if got := versionOf(tc.release, tc.info); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}
