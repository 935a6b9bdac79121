#!/usr/bin/env bash
# Recreates the demo media in api/src/seed/assets/{audio,video}.
# Needs: espeak-ng, ffmpeg (with libmp3lame, libvpx, libfreetype) and the DejaVu fonts.
#   apt-get update && apt-get install -y espeak-ng ffmpeg fonts-dejavu-core
# Run from anywhere:  bash api/src/seed/assets/make-assets.sh
# These tools are only used to produce the committed files; the product never runs them.
set -euo pipefail

ASSETS="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
AUDIO="$ASSETS/audio"
VIDEO="$ASSETS/video"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$AUDIO" "$VIDEO"

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT_REGULAR=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# ---------------------------------------------------------------------------
# Audio: Swedish speech (espeak-ng, voice sv, 140 words/min) over a quiet
# synthesized music bed (three sine tones forming an A-major chord, slow
# tremolo, faded in and out). Speech starts after 2.5 s, the bed rings on for
# 2 s after it. Output: mono, 22050 Hz, 32 kbit/s MP3 (libmp3lame).
# ---------------------------------------------------------------------------
make_audio() {
  local name="$1" voice="$2" text="$3"
  local wav="$TMP/$name.wav"
  espeak-ng -v "$voice" -s 140 -p 45 -g 4 -w "$wav" "$text"
  local speech total fade_start
  speech="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$wav")"
  total="$(awk -v s="$speech" 'BEGIN { printf "%.2f", s + 4.5 }')"
  fade_start="$(awk -v t="$total" 'BEGIN { printf "%.2f", t - 2.5 }')"
  ffmpeg -hide_banner -loglevel error -y \
    -i "$wav" \
    -f lavfi -i "sine=frequency=220:sample_rate=22050:duration=$total" \
    -f lavfi -i "sine=frequency=277.18:sample_rate=22050:duration=$total" \
    -f lavfi -i "sine=frequency=329.63:sample_rate=22050:duration=$total" \
    -filter_complex "\
[1:a][2:a][3:a]amix=inputs=3,tremolo=f=0.4:d=0.5,volume=0.18,\
afade=t=in:st=0:d=2,afade=t=out:st=$fade_start:d=2.5[bed];\
[0:a]adelay=2500,apad[voice];\
[voice][bed]amix=inputs=2:duration=shortest:normalize=0[mix]" \
    -map "[mix]" -t "$total" -ac 1 -ar 22050 -c:a libmp3lame -b:a 32k \
    "$AUDIO/$name.mp3"
}

make_audio morgonekot-intro sv+f3 \
"Välkommen till Morgonekot, Redaktions dagliga nyhetspodd. Jag heter Karin Ekholm. \
Varje vardagsmorgon går vi igenom det viktigaste som hänt under natten, \
vad det betyder för dig och vad som händer härnäst. \
Vi pratar med våra reportrar på plats och med dem som berörs. \
Ta en kopp kaffe och häng med. Det här är Morgonekot."

make_audio morgonekot-val sv+f3 \
"Välkommen till Morgonekot och ett extra långt avsnitt inför valet. Jag heter Karin Ekholm, \
och i studion har jag vår politiske kommentator Jonas Bergkvist. \
Vi går igenom de frågor som väljarna säger är viktigast: bostäder, skola, klimat och trygghet. \
Vi reder också ut varför så många unga väljare fortfarande inte har bestämt sig."

make_audio samtidsrummet-intro sv+f2 \
"Välkommen till Samtidsrummet, samtalsprogrammet om hur vi lever i dag. \
Jag heter Leila Haddad. Här tar vi oss tid för de långa samtalen, \
om boende och arbete, om kultur och gemenskap, och om de förändringar \
som formar Sverige just nu. Varje vecka bjuder vi in gäster som har något att säga. \
Sätt dig bekvämt, nu börjar vi."

make_audio samtidsrummet-skola sv+f2 \
"Välkommen till Samtidsrummet. Jag heter Leila Haddad, och i dag handlar det om skolan. \
Lärarbristen är störst i landsbygdens kommuner, och allt fler elever får undervisning \
av lärare utan behörighet. Vi har pratat med lärare, rektorer och föräldrar \
om vad som krävs för att vända utvecklingen."

make_audio framtidsfabriken-intro sv \
"Välkommen till Framtidsfabriken, podden om teknik, pengar och den gröna omställningen. \
Jag heter Johan Åkesson. Här pratar vi om elbilar och batterier, \
om artificiell intelligens på jobbet och om vilka företag som vinner \
när industrin ställer om. Vi frågar alltid samma sak: vad betyder det för dig? \
Nu kör vi."

make_audio intervju-havsforskaren sv+f3 \
"Välkommen till ett samtal med havsforskaren Astrid Holmberg. \
I snart tjugo år har hon kartlagt de syrefria bottnarna i Östersjön. \
Vi pratar om vad som händer under ytan, om övergödning och klimat, \
och om varför hon trots allt är hoppfull om havets framtid."

make_audio intervju-konstnaren sv \
"Välkommen. Det här är Redaktions kulturredaktör Mikael Sundström, \
och i dag möter jag konstnären Noa Berglund i ateljén i Malmö. \
Vi pratar om ljus och textil, om att växa upp vid Öresund \
och om den stora utställningen som öppnar i höst."

make_audio intervju-entreprenoren sv+f2 \
"Välkommen till ett samtal med entreprenören Farid Ekström, \
grundare av batteriföretaget Norrlandsbatterier i Piteå. \
Jag heter Elin Wahlberg. Vi pratar om riskkapital och elbilar, \
om att bygga industri i Norrbotten och om vad som händer när tillväxten går snabbare än planerat."

# ---------------------------------------------------------------------------
# Video: 480x270, 25 fps, silent WebM (VP9, ~160 kbit/s), title drawn with
# drawtext, plus a 480 px wide JPEG poster frame taken at 3 s.
# ---------------------------------------------------------------------------
make_video() {
  local name="$1" seconds="$2" source="$3" title="$4" subtitle="$5"
  local draw="drawbox=x=0:y=ih-92:w=iw:h=92:color=black@0.55:t=fill,\
drawtext=fontfile=$FONT:text='$title':fontcolor=white:fontsize=26:x=24:y=h-80,\
drawtext=fontfile=$FONT_REGULAR:text='$subtitle':fontcolor=white@0.85:fontsize=16:x=24:y=h-40,\
fade=t=in:st=0:d=0.8,fade=t=out:st=$(awk -v s="$seconds" 'BEGIN { print s - 0.8 }'):d=0.8"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "$source" -t "$seconds" -vf "$draw,format=yuv420p" -an \
    -c:v libvpx-vp9 -b:v 160k -maxrate 220k -bufsize 400k -deadline good -cpu-used 2 -row-mt 1 \
    "$VIDEO/$name.webm"
  ffmpeg -hide_banner -loglevel error -y -ss 3 -i "$VIDEO/$name.webm" -frames:v 1 \
    -vf "scale=480:-2" -q:v 6 "$VIDEO/$name.jpg"
}

make_video veckan-i-korthet 10 \
  "gradients=size=480x270:rate=25:speed=0.02:c0=0x0b2545:c1=0x13315c:c2=0x8da9c4:c3=0xc0392b:n=4:seed=7" \
  "Veckan i korthet" "Redaktion sammanfattar veckans nyheter"

make_video klimatet-i-siffror 12 \
  "mandelbrot=size=480x270:rate=25:start_scale=3:end_scale=0.02:end_pts=400:inner=mincol" \
  "Klimatet i siffror" "Temperatur, nederbörd och utsläpp förklarat"

make_video bakom-redaktionen 8 \
  "life=size=480x270:rate=25:mold=12:ratio=0.12:death_color=0x13315c:life_color=0xf2c14e:seed=42" \
  "Bakom redaktionen" "Så blir en nyhet till"

echo "Done."
