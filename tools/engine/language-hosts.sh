#!/usr/bin/env bash
# Adds the language hosts the Pulumi engine build leaves out, so that `pulumi convert` and `pulumi package gen-sdk`
# reach C#, Java and Python here. Prints the folder holding them (nothing else on stdout); put it on PATH before the
# engine's own bin folder. Built once: a second call finds the stamp and prints at once.
#
#   hosts=$(bash tools/engine/language-hosts.sh "$engine_bin")   # engine_bin: the folder holding pulumi-language-python
#
#   pulumi-language-dotnet   Go module github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3 (PULUMI_DOTNET_VERSION)
#   pulumi-language-java     Go module github.com/pulumi/pulumi-java/pkg, cmd/pulumi-language-java (PULUMI_JAVA_VERSION)
#   pulumi-language-python   the engine build's, copied beside pulumi-language-python-exec (next to this script): the
#                            Python host refuses to start without that executor beside it, even to generate code. Ours
#                            runs no program (no Pulumi Python SDK is installed here); it says so and fails.
#
# The Go module proxy here serves exact versions of these modules but not their version lists, which `go get` and
# `go install module@version` ask for; so each host is built from a throwaway module whose go.mod requires it
# directly. Their own checksums are not in the checksum database the proxy mirrors, hence GONOSUMDB for them.
# A host that does not build is left out, with a line in VERSIONS saying so; the log is build.log beside bin/.
set -euo pipefail

engine_bin=${1:?usage: language-hosts.sh ENGINE_BIN}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dotnet_version=${PULUMI_DOTNET_VERSION:-v3.102.0}
java_version=${PULUMI_JAVA_VERSION:-v1.17.0}
home=${PULUMI_LANGUAGE_HOSTS_HOME:-$HOME/.cache/pulumi-language-hosts}
bin="$home/bin"
stamp="$bin/.built-$dotnet_version-$java_version"

if [ -f "$stamp" ]; then
    echo "$bin"
    exit 0
fi
mkdir -p "$bin"
log="$home/build.log"
: >"$log"
: >"$bin/VERSIONS"
export CGO_ENABLED=0 GONOSUMDB=github.com/pulumi/pulumi-dotnet,github.com/pulumi/pulumi-java GOFLAGS=-mod=mod

build() { # name module version package
    local work="$home/work/$1"
    rm -rf "$work" && mkdir -p "$work"
    if (cd "$work" && go mod init "local.build/$1" && go mod edit -require="$2@$3" &&
        go build -trimpath -o "$bin/pulumi-language-$1" "$4") >>"$log" 2>&1; then
        echo "pulumi-language-$1 $3" >>"$bin/VERSIONS"
    else
        echo "pulumi-language-$1 not built ($3; see $log)" >>"$bin/VERSIONS"
        echo "language-hosts: pulumi-language-$1 $3 did not build; see $log" >&2
    fi
}

build dotnet github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3 "$dotnet_version" \
    github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3
build java github.com/pulumi/pulumi-java/pkg "$java_version" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java

cp "$engine_bin/pulumi-language-python" "$bin/pulumi-language-python"
cp "$here/pulumi-language-python-exec" "$bin/pulumi-language-python-exec"
chmod +x "$bin/pulumi-language-python-exec"
echo "pulumi-language-python (the engine build's, beside an executor that runs no program)" >>"$bin/VERSIONS"

touch "$stamp"
echo "$bin"
