# captionkit in a container, for running `captionkit batch` shards on a cluster
# (Docs/scale-out.md). Build: docker build -t captionkit .
#
# The builder compiles against FFmpeg 5.1's headers; the image is the official Swift slim
# image of the same release (the Swift runtime, no compiler) with the binary and FFmpeg's
# shared libraries, which captionkit opens at first use by their versioned names
# (libavformat.so.59, libavcodec.so.59, libavutil.so.57, libswresample.so.4). Debian 12
# (bookworm) ships exactly these.

FROM swift:6.0-bookworm AS builder
RUN export DEBIAN_FRONTEND=noninteractive \
  && apt-get -q update \
  && apt-get -q install -y --no-install-recommends \
    libavformat-dev libavcodec-dev libavutil-dev libswresample-dev libxml2-dev pkg-config \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Config ./Config
COPY Tests ./Tests
RUN swift build -c release --product captionkit \
  && install -D "$(swift build -c release --show-bin-path)/captionkit" /out/captionkit

FROM swift:6.0-bookworm-slim
RUN export DEBIAN_FRONTEND=noninteractive \
  && apt-get -q update \
  && apt-get -q install -y --no-install-recommends \
    libavformat59 libavcodec59 libavutil57 libswresample4 libxml2 libstdc++6 \
  && rm -rf /var/lib/apt/lists/*
COPY --from=builder /out/captionkit /usr/local/bin/captionkit
# Inputs are read from /data, results written where the job says (a mounted volume).
WORKDIR /data
ENTRYPOINT ["captionkit"]
CMD ["--help"]
