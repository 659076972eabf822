# sudokit as a container image: for batch engines (see the shards issue's
# Kubernetes manifest) and for people without Go.
#   docker build -t sudokit --build-arg VERSION=v1.2.3 .
#   docker run --rm -i sudokit grade -f se < puzzles.txt

# Build: a static binary (no cgo), the version stamped at link time.
FROM golang:1.26-bookworm AS build
ARG VERSION=""
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath \
	-ldflags "-s -w -X github.com/sudokit/sudokit/internal/cli.version=${VERSION}" \
	-o /out/sudokit .

# Run: nothing but the binary (no shell, no CA certificates: sudokit makes
# no outbound connection but to a PostgreSQL bank, --bank postgres://...;
# for sslmode=verify-full, mount a CA bundle and name it with sslrootcert),
# as an unprivileged user.
FROM scratch
COPY --from=build /out/sudokit /sudokit
USER 65532:65532
ENTRYPOINT ["/sudokit"]
