#!/usr/bin/env sh
# Install the built game for this user: run from the unpacked knockrummy folder
# (the Linux release archive), or from the repository after `pyinstaller build/installer.spec`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if [ -x "$here/knockrummy" ]; then src="$here"; else src="$here/../../dist/knockrummy"; fi
dest="${XDG_DATA_HOME:-$HOME/.local/share}/knockrummy-app"
mkdir -p "$dest" "$HOME/.local/bin" "${XDG_DATA_HOME:-$HOME/.local/share}/applications" \
         "${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps"
cp -R "$src/." "$dest/"
ln -sf "$dest/knockrummy" "$HOME/.local/bin/knockrummy"
icon="$here/knockrummy.png"; [ -f "$icon" ] || icon="$here/../../assets/icon/knockrummy-256.png"
cp "$icon" "${XDG_DATA_HOME:-$HOME/.local/share}/icons/hicolor/256x256/apps/knockrummy.png"
sed "s|^Exec=.*|Exec=$dest/knockrummy|" "$here/knockrummy.desktop" \
  > "${XDG_DATA_HOME:-$HOME/.local/share}/applications/knockrummy.desktop"
echo "Installed: start Knock Rummy from your applications menu, or run knockrummy"
