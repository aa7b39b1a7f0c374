#!/usr/bin/env bash
# -----------------------------------------------------------------------------
# generate-media.sh — renders Frontier Dev Academy's own media, procedurally,
# with nothing but ffmpeg (no downloads, no stock footage).
#
# Usage:   bash scripts/generate-media.sh          (run from anywhere)
#
# Requirements
#   * bash, coreutils
#   * ffmpeg >= 5.1 built with libvpx (VP9), libx264, libwebp and libfreetype
#     (drawtext). Debian/Ubuntu's `ffmpeg` package has all of them.
#   * DejaVu Sans fonts (Debian/Ubuntu: `apt-get install fonts-dejavu-core`).
#     Override with FONT_BOLD=/path/Bold.ttf FONT_REGULAR=/path/Regular.ttf.
#
# Outputs (all overwritten on every run; the script is idempotent):
#   public/media/hero.webm           1280x720 24 fps VP9,  8 s seamless loop, no audio
#   public/media/hero.mp4            1280x720 24 fps H.264 (yuv420p, faststart), same loop
#   public/media/hero-poster.webp    1280x720, frame 0 of the hero loop
#   public/media/hero-poster.jpg     1280x720, frame 0 of the hero loop
#   public/media/about-poster.webp   1280x720, still for the "About us" video facade
#   public/media/about-poster.jpg    1280x720
#   public/og-image.png              1200x630 share image
#   public/favicon.ico               16/32/48 px (PNG-in-ICO)
#   public/icons/icon-192.png        192x192, transparent rounded corners
#   public/icons/icon-512.png        512x512, transparent rounded corners
#   public/icons/apple-touch-icon.png 180x180, opaque full-bleed square
#
# Not generated here (hand-written, committed as-is): public/favicon.svg (the
# master logo mark — the rasters below draw exactly the same geometry) and
# public/media/courses/*.svg.
#
# Size budgets are enforced: if an output would exceed its budget the quality
# is stepped down automatically; if even the lowest step is too big the script
# fails loudly instead of shipping a heavy file.
# -----------------------------------------------------------------------------
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PUBLIC="$ROOT/public"
MEDIA="$PUBLIC/media"
ICONS="$PUBLIC/icons"

# ---- budgets (bytes) --------------------------------------------------------
HERO_VIDEO_TOTAL_MAX=1000000 # hero.webm + hero.mp4 together
HERO_VIDEO_EACH_MAX=480000
POSTER_MAX=40000 # each poster file
OG_MAX=150000

# ---- hero loop parameters ---------------------------------------------------
LOOP_SECONDS=8
FPS=24
FRAMES=$((LOOP_SECONDS * FPS)) # 192; frame 192 would be identical to frame 0

die() {
  echo "generate-media: ERROR: $*" >&2
  exit 1
}
log() { echo "generate-media: $*"; }

# ---- tool checks ------------------------------------------------------------
command -v ffmpeg >/dev/null 2>&1 ||
  die "ffmpeg not found. Install it (Debian/Ubuntu: apt-get install ffmpeg)."

FF_ENCODERS="$(ffmpeg -hide_banner -encoders 2>/dev/null)"
FF_FILTERS="$(ffmpeg -hide_banner -filters 2>/dev/null)"
FF_MUXERS="$(ffmpeg -hide_banner -muxers 2>/dev/null)"
for enc in libvpx-vp9 libx264 libwebp mjpeg png; do
  grep -qE "^ [A-Z.]{6} $enc " <<<"$FF_ENCODERS" ||
    die "this ffmpeg lacks the '$enc' encoder (use a full build, e.g. Debian's ffmpeg package)."
done
for flt in geq drawtext drawbox overlay scale nullsrc color; do
  grep -qE "^ [A-Z.]{3} $flt " <<<"$FF_FILTERS" ||
    die "this ffmpeg lacks the '$flt' filter (drawtext needs an ffmpeg built with libfreetype)."
done
grep -qE "^ +E +ico " <<<"$FF_MUXERS" || die "this ffmpeg lacks the 'ico' muxer."

find_font() { # $1 = file name, $2 = fontconfig pattern
  local f
  for f in "/usr/share/fonts/truetype/dejavu/$1" "/usr/share/fonts/TTF/$1" \
    "/usr/share/fonts/dejavu/$1" "/usr/local/share/fonts/$1" "/Library/Fonts/$1"; do
    [[ -r "$f" ]] && {
      echo "$f"
      return 0
    }
  done
  if command -v fc-match >/dev/null 2>&1; then
    f="$(fc-match -f '%{file}' "$2" 2>/dev/null || true)"
    [[ "$f" == *"$1" && -r "$f" ]] && {
      echo "$f"
      return 0
    }
  fi
  return 1
}
FONT_BOLD="${FONT_BOLD:-$(find_font DejaVuSans-Bold.ttf 'DejaVu Sans:bold' || true)}"
FONT_REGULAR="${FONT_REGULAR:-$(find_font DejaVuSans.ttf 'DejaVu Sans' || true)}"
[[ -n "$FONT_BOLD" && -r "$FONT_BOLD" && -n "$FONT_REGULAR" && -r "$FONT_REGULAR" ]] ||
  die "DejaVu Sans fonts not found. Install them (Debian/Ubuntu: apt-get install fonts-dejavu-core) or set FONT_BOLD / FONT_REGULAR."

ff() { ffmpeg -hide_banner -loglevel error -nostdin -y "$@"; }
bytes() { wc -c <"$1" | tr -d ' '; }

TMP="$(mktemp -d "${TMPDIR:-/tmp}/generate-media.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

mkdir -p "$MEDIA" "$ICONS"

# =============================================================================
# 1. The "aurora" field: four soft gaussian light blobs drifting on closed
#    (Lissajous) paths whose period is exactly LOOP_SECONDS, over a deep navy
#    base, with a gentle vignette. Every term is periodic in T, so the last
#    frame flows into the first with no jump. Rendered as a 16-bit RGB geq
#    expression (no 8-bit banding until the final encode).
# =============================================================================
# aurora_geq TIME_EXPR GAIN BASE_RGB B1_RGB B2_RGB B3_RGB B4_RGB
#   Prints "r='..':g='..':b='..'" for geq (output format gbrp16le).
#   *_RGB are "r g b" triples in 0..255 (peak contribution of each blob).
aurora_geq() {
  local t="$1" gain="$2"
  local -a base b1 b2 b3 b4
  read -r -a base <<<"$3"
  read -r -a b1 <<<"$4"
  read -r -a b2 <<<"$5"
  read -r -a b3 <<<"$6"
  read -r -a b4 <<<"$7"
  local w="(2*PI/$LOOP_SECONDS)"
  # blob IDX CX CY RADIUS  -> stores the blob's 0..1 intensity in register IDX
  blob() { echo "st($1,exp(-(pow((X/W-($2))*W/H,2)+pow(Y/H-($3),2))/($4*$4)))"; }
  local pre
  pre="$(blob 0 "0.30+0.09*sin($w*$t)" "0.40+0.10*cos($w*$t)" 0.42)"
  pre+=";$(blob 1 "0.74+0.08*cos($w*$t+1.0)" "0.32+0.09*sin($w*$t+0.5)" 0.40)"
  pre+=";$(blob 2 "0.58+0.12*sin($w*$t+2.4)" "0.84+0.07*cos($w*$t+0.6)" 0.36)"
  pre+=";$(blob 3 "0.08+0.07*cos($w*$t+3.0)" "0.90+0.06*sin($w*$t)" 0.30)"
  # slow "breathing" of each blob's brightness, also periodic
  local br0="(0.88+0.12*sin($w*$t))" br1="(0.88+0.12*sin($w*$t+2.1))"
  local br2="(0.88+0.12*sin($w*$t+4.2))" br3="(0.90+0.10*cos($w*$t))"
  local vig="(1-0.62*(pow(X/W-0.5,2)+pow(Y/H-0.5,2)))"
  chan() { # base k0 k1 k2 k3
    echo "$pre;clip(257*($1+$gain*($2*$br0*ld(0)+$3*$br1*ld(1)+$4*$br2*ld(2)+$5*$br3*ld(3)))*$vig,0,65535)"
  }
  echo "r='$(chan "${base[0]}" "${b1[0]}" "${b2[0]}" "${b3[0]}" "${b4[0]}")':g='$(chan "${base[1]}" "${b1[1]}" "${b2[1]}" "${b3[1]}" "${b4[1]}")':b='$(chan "${base[2]}" "${b1[2]}" "${b2[2]}" "${b3[2]}" "${b4[2]}")'"
}

# Palettes: base, indigo, blue, teal, violet (hero / og) and a violet-teal
# variant for the About poster.
HERO_PAL=("6 8 22" "50 30 122" "12 40 112" "4 66 80" "56 18 96")
ABOUT_PAL=("6 10 22" "10 64 84" "58 28 118" "14 40 108" "78 20 92")

# ---- 1a. hero loop master (low-res 16-bit, lossless; upscaled per output) --
log "rendering hero loop (${LOOP_SECONDS}s @ ${FPS}fps, ${FRAMES} frames)"
HERO_GEQ="$(aurora_geq T 1.0 "${HERO_PAL[@]}")"
ff -f lavfi -i "nullsrc=s=320x180:r=$FPS,format=gbrp16le,geq=$HERO_GEQ" \
  -frames:v "$FRAMES" -c:v ffv1 "$TMP/hero-master.mkv"

# smooth analytic field -> a bicubic 4x upscale is artefact-free
UPSCALE="scale=1280:720:flags=bicubic+accurate_rnd+full_chroma_int"
TO_VIDEO_YUV="$UPSCALE:out_color_matrix=bt709:out_range=tv,format=yuv420p"
VIDEO_TAGS=(-colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv)
COMMON_OUT=(-an -sn -dn -map_metadata -1 -r "$FPS" -frames:v "$FRAMES")

encode_webm() { # $1 = crf
  ff -i "$TMP/hero-master.mkv" -vf "$TO_VIDEO_YUV" "${COMMON_OUT[@]}" \
    -c:v libvpx-vp9 -b:v 0 -crf "$1" -g "$FRAMES" -row-mt 1 -tile-columns 1 \
    -deadline good -cpu-used 2 "${VIDEO_TAGS[@]}" \
    -pass 1 -passlogfile "$TMP/vp9" -f null /dev/null
  ff -i "$TMP/hero-master.mkv" -vf "$TO_VIDEO_YUV" "${COMMON_OUT[@]}" \
    -c:v libvpx-vp9 -b:v 0 -crf "$1" -g "$FRAMES" -row-mt 1 -tile-columns 1 \
    -deadline good -cpu-used 2 "${VIDEO_TAGS[@]}" \
    -pass 2 -passlogfile "$TMP/vp9" -fflags +bitexact "$TMP/hero.webm"
}
encode_mp4() { # $1 = crf
  ff -i "$TMP/hero-master.mkv" -vf "$TO_VIDEO_YUV" "${COMMON_OUT[@]}" \
    -c:v libx264 -preset slower -crf "$1" -profile:v high -level:v 4.0 \
    -pix_fmt yuv420p -aq-mode 3 -g "$FRAMES" "${VIDEO_TAGS[@]}" \
    -movflags +faststart "$TMP/hero.mp4"
}

pick_video() { # $1 = encoder fn, $2 = tmp file, $3.. = crf ladder (best first)
  local fn="$1" out="$2" crf size
  shift 2
  for crf in "$@"; do
    "$fn" "$crf"
    size="$(bytes "$out")"
    if ((size <= HERO_VIDEO_EACH_MAX)); then
      log "  $(basename "$out"): crf $crf -> $size bytes"
      return 0
    fi
  done
  die "$(basename "$out") is still $size bytes at crf $crf (budget $HERO_VIDEO_EACH_MAX)"
}
pick_video encode_webm "$TMP/hero.webm" 24 28 32 36 40 44
pick_video encode_mp4 "$TMP/hero.mp4" 26 28 30 32 34
total=$(($(bytes "$TMP/hero.webm") + $(bytes "$TMP/hero.mp4")))
((total < HERO_VIDEO_TOTAL_MAX)) || die "hero videos total $total bytes (budget $HERO_VIDEO_TOTAL_MAX)"
mv -f "$TMP/hero.webm" "$MEDIA/hero.webm"
mv -f "$TMP/hero.mp4" "$MEDIA/hero.mp4"

# =============================================================================
# 2./3. Posters. The hero poster is frame 0 of the very same master the videos
# are encoded from (taken before lossy compression), so it is the video's
# first frame — the swap from poster to playing video is invisible.
# =============================================================================
# encode_poster IN_PNG OUT_BASENAME  -> OUT.jpg + OUT.webp, each <= POSTER_MAX
encode_poster() {
  # mjpeg qscale: lower = better
  fit_poster "$1" "$2" jpg q poster_jpg 2 3 4 5 6 8 10 12 15
  # libwebp quality: higher = better
  fit_poster "$1" "$2" webp quality poster_webp 95 90 85 80 75 70 60 50
}
# poster_jpg / poster_webp IN_PNG Q  -> $TMP/poster.EXT at that quality
poster_jpg() {
  ff -i "$1" -vf "format=yuvj420p" -c:v mjpeg -q:v "$2" -frames:v 1 -update 1 "$TMP/poster.jpg"
}
poster_webp() {
  ff -i "$1" -c:v libwebp -quality "$2" -compression_level 6 -preset picture \
    -frames:v 1 "$TMP/poster.webp"
}
# fit_poster IN_PNG OUT_BASENAME EXT QUALITY_NAME ENCODER QUALITY...  -> OUT.EXT <= POSTER_MAX,
# at the first quality (best first) whose encoding fits
fit_poster() {
  local in="$1" out="$2" ext="$3" name="$4" encoder="$5" q size
  shift 5
  for q in "$@"; do
    "$encoder" "$in" "$q"
    size="$(bytes "$TMP/poster.$ext")"
    ((size <= POSTER_MAX)) && break
  done
  ((size <= POSTER_MAX)) || die "$out.$ext still $size bytes at $name $q"
  mv -f "$TMP/poster.$ext" "$out.$ext"
  log "  $(basename "$out").$ext: $name $q -> $size bytes"
}

log "rendering hero poster (frame 0)"
ff -i "$TMP/hero-master.mkv" -vf "$UPSCALE,format=rgb24" -frames:v 1 -update 1 "$TMP/hero-poster.png"
encode_poster "$TMP/hero-poster.png" "$MEDIA/hero-poster"

log "rendering about poster"
ABOUT_GEQ="$(aurora_geq "(T+2.6)" 1.0 "${ABOUT_PAL[@]}")"
# faint "code editor" lines (anti-aliased capsules) on the left third — a quiet
# hint of what we teach; the centre stays empty for the page's own play button.
CODE_WHITE="0" CODE_TEAL="0"
i=0
for spec in "0 220" "1 300" "1 180" "2 260" "2 140" "1 320" "0 120" "1 240" "2 200" "1 160"; do
  read -r indent len <<<"$spec"
  x=$((20 + indent * 36)) # position inside the 540x360 layer placed at (100,180)
  y=$((16 + i * 34))
  term="clip(6.5-hypot(max(abs(X+0.5-$((x + len / 2)))-$((len / 2 - 6)),0),Y+0.5-$((y + 6))),0,1)"
  if ((i == 3 || i == 7)); then CODE_TEAL+="+$term"; else CODE_WHITE+="+$term"; fi
  i=$((i + 1))
done
CODE_GEQ="r='if(gt($CODE_TEAL,0),45,255)':g='if(gt($CODE_TEAL,0),212,255)':b='if(gt($CODE_TEAL,0),191,255)':a='255*(0.07*($CODE_WHITE)+0.18*($CODE_TEAL))'"
ff -f lavfi -i "nullsrc=s=320x180:r=1,format=gbrp16le,geq=$ABOUT_GEQ" \
  -f lavfi -i "nullsrc=s=540x360:r=1,format=rgba,geq=$CODE_GEQ" \
  -filter_complex "[0:v]$UPSCALE,format=rgb24[bg];[bg][1:v]overlay=x=100:y=180:format=rgb,format=rgb24" \
  -frames:v 1 -update 1 "$TMP/about-poster.png"
encode_poster "$TMP/about-poster.png" "$MEDIA/about-poster"

# =============================================================================
# 5. Logo mark rasters. Same geometry as public/favicon.svg (512-unit grid):
#    rounded square (r=112) with a diagonal #5046e5 -> #1e3a8a gradient, a white
#    geometric "F" and a teal (#2dd4bf) cursor block. Drawn at 2048 px and
#    area-downscaled (4x supersampling = anti-aliased edges).
# =============================================================================
# mark_geq ROUNDED(1|0) -> geq args for a rgba frame of any square size
mark_geq() {
  local u="(X*512/W)" v="(Y*512/H)"
  local f="gt(between($u,160,224)*between($v,128,384)+between($u,160,360)*between($v,128,192)+between($u,224,320)*between($v,228,292),0)"
  local c="between($u,256,352)*between($v,344,384)"
  local g="(($u+$v)/1024)"
  local a=255
  [[ "$1" == 1 ]] && a="255*lte(hypot(max(abs($u-256)-144,0),max(abs($v-256)-144,0)),112)"
  echo "r='if($f,255,if($c,45,80+(30-80)*$g))':g='if($f,255,if($c,212,70+(58-70)*$g))':b='if($f,255,if($c,191,229+(138-229)*$g))':a='$a'"
}
log "rendering icons"
ff -f lavfi -i "nullsrc=s=2048x2048:r=1,format=rgba,geq=$(mark_geq 1)" -frames:v 1 -update 1 "$TMP/mark-rounded.png"
ff -f lavfi -i "nullsrc=s=2048x2048:r=1,format=rgba,geq=$(mark_geq 0)" -frames:v 1 -update 1 "$TMP/mark-square.png"
downscale() { # in out size pix_fmt
  ff -i "$1" -vf "scale=$3:$3:flags=area+accurate_rnd,format=$4" -frames:v 1 -update 1 "$2"
}
downscale "$TMP/mark-rounded.png" "$ICONS/icon-512.png" 512 rgba
downscale "$TMP/mark-rounded.png" "$ICONS/icon-192.png" 192 rgba
downscale "$TMP/mark-square.png" "$ICONS/apple-touch-icon.png" 180 rgb24
for s in 16 32 48; do downscale "$TMP/mark-rounded.png" "$TMP/fav-$s.png" "$s" rgba; done
ff -i "$TMP/fav-16.png" -i "$TMP/fav-32.png" -i "$TMP/fav-48.png" \
  -map 0 -map 1 -map 2 -c:v png -f ico "$PUBLIC/favicon.ico"

# =============================================================================
# 4. Open Graph / social share image (1200x630).
# =============================================================================
log "rendering og-image"
# drawtext text escaping: only ' : \ % need care; none are used below.
OG_GEQ="$(aurora_geq "(T+5.2)" 0.8 "${HERO_PAL[@]}")"
ff -f lavfi -i "nullsrc=s=300x158:r=1,format=gbrp16le,geq=$OG_GEQ" \
  -i "$TMP/mark-rounded.png" \
  -filter_complex "\
[1:v]scale=104:104:flags=area+accurate_rnd,format=rgba[logo];\
[0:v]scale=1200:630:flags=bicubic+accurate_rnd+full_chroma_int,format=rgb24[bg];\
[bg][logo]overlay=x=80:y=80:format=rgb,\
drawtext=fontfile='$FONT_BOLD':text='Frontier Dev Academy':fontsize=74:fontcolor=white:x=80:y=250,\
drawbox=x=82:y=356:w=96:h=6:color=0x2dd4bf:t=fill,\
drawtext=fontfile='$FONT_REGULAR':text='FrontEnd Developer Bootcamp':fontsize=44:fontcolor=white@0.92:x=80:y=386,\
drawtext=fontfile='$FONT_REGULAR':text='HTML & CSS  ·  JavaScript  ·  React':fontsize=26:fontcolor=0xc7d2fe:x=80:y=524,\
format=rgb24" \
  -frames:v 1 -update 1 -c:v png -pred mixed "$PUBLIC/og-image.png"
og_size="$(bytes "$PUBLIC/og-image.png")"
if ((og_size > OG_MAX)); then
  # smooth gradients + text quantise well: fall back to a dithered palette PNG
  ff -i "$PUBLIC/og-image.png" -filter_complex \
    "[0:v]split[a][b];[a]palettegen=max_colors=256:stats_mode=full[p];[b][p]paletteuse=dither=bayer:bayer_scale=3" \
    -frames:v 1 -update 1 "$TMP/og-pal.png"
  mv -f "$TMP/og-pal.png" "$PUBLIC/og-image.png"
  og_size="$(bytes "$PUBLIC/og-image.png")"
fi
((og_size <= OG_MAX)) || die "og-image.png is $og_size bytes (budget $OG_MAX)"

# =============================================================================
log "done:"
for f in "$MEDIA/hero.webm" "$MEDIA/hero.mp4" "$MEDIA/hero-poster.webp" \
  "$MEDIA/hero-poster.jpg" "$MEDIA/about-poster.webp" "$MEDIA/about-poster.jpg" \
  "$PUBLIC/og-image.png" "$PUBLIC/favicon.ico" "$ICONS/icon-192.png" \
  "$ICONS/icon-512.png" "$ICONS/apple-touch-icon.png"; do
  printf '  %8s  %s\n' "$(bytes "$f")" "${f#"$ROOT"/}"
done
