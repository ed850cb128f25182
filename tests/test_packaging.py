"""The release workflow, the PyInstaller spec's inputs and the Linux launcher (issue 7).

The build itself is made and run in test_frozen_build; these check what cannot be run
here (the Windows and macOS jobs) as far as a file can be checked.
"""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
SPEC = ROOT / "build" / "installer.spec"
LINUX = ROOT / "packaging" / "linux"


def _workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_release_workflow_builds_all_three_systems_on_a_version_tag() -> None:
    flow = _workflow()
    trigger = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert trigger["push"]["tags"] == ["v*"]
    build = flow["jobs"]["build"]
    systems = {row["os"].split("-")[0] for row in build["strategy"]["matrix"]["include"]}
    assert systems == {"ubuntu", "windows", "macos"}
    assert build["strategy"]["fail-fast"] is False
    steps = " ".join(str(step.get("run", "")) for step in build["steps"])
    assert "build/installer.spec" in steps
    assert ".[build]" in steps  # Pillow converts the PNG icon to .ico / .icns
    assert "--autoplay 1 --fast --seed 1" in steps  # every build plays a hand before release
    assert 'Knock Rummy.app' in steps  # the macOS artifact is the app bundle
    release = flow["jobs"]["release"]
    assert release["needs"] == "build"
    assert release["if"] == "startsWith(github.ref, 'refs/tags/')"


def test_the_spec_bundles_every_asset_folder_and_names_both_programs() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    asset_dirs = sorted({str(p.parent.relative_to(ROOT)) for p in (ROOT / "assets").rglob("*")
                         if p.is_file()})
    for folder in asset_dirs:
        assert f'"{folder}"' in spec, f"{folder} is not bundled"
    assert "SPECPATH" in spec and "console=False" in spec and "console=True" in spec
    for key in ("CFBundleShortVersionString", "CFBundleVersion", "NSHighResolutionCapable",
                "bundle_identifier", "VSVersionInfo", "EXCLUDES"):
        assert key in spec
    assert (ROOT / "assets" / "icon" / "knockrummy-256.png").is_file()


def test_the_spec_bundles_every_language() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    catalogues = sorted(str(p.parent.relative_to(ROOT))
                        for p in (ROOT / "knockrummy" / "locale").rglob("*.mo"))
    assert len(catalogues) == 5
    for folder in catalogues:
        assert f'"{folder}"' in spec, f"{folder} is not bundled"


def test_linux_desktop_entry() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]
    entry.read(LINUX / "knockrummy.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Name"] == "Knock Rummy"
    assert desktop["Exec"] == "knockrummy" and desktop["Icon"] == "knockrummy"
    assert desktop["Terminal"] == "false"
    assert "CardGame" in desktop["Categories"].split(";")
    validator = shutil.which("desktop-file-validate")
    if validator:
        subprocess.run([validator, str(LINUX / "knockrummy.desktop")], check=True)


@pytest.mark.skipif(os.name != "posix", reason="the Linux installer is a POSIX shell script")
def test_linux_install_script_installs_a_launcher_for_this_user(tmp_path: Path) -> None:
    # An unpacked release archive: the built folder with the launcher files beside it.
    unpacked = tmp_path / "knockrummy"
    (unpacked / "_internal").mkdir(parents=True)
    game = unpacked / "knockrummy"
    game.write_text("#!/bin/sh\necho game\n")
    game.chmod(0o755)
    for name in ("install.sh", "knockrummy.desktop"):
        shutil.copy(LINUX / name, unpacked / name)
    shutil.copy(ROOT / "assets" / "icon" / "knockrummy-256.png", unpacked / "knockrummy.png")
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    subprocess.run(["sh", str(unpacked / "install.sh")], check=True, env=env,
                   capture_output=True, timeout=60)
    share = home / ".local" / "share"
    installed = share / "knockrummy-app" / "knockrummy"
    assert installed.is_file()
    assert (home / ".local" / "bin" / "knockrummy").resolve() == installed.resolve()
    assert (share / "icons" / "hicolor" / "256x256" / "apps" / "knockrummy.png").is_file()
    desktop = (share / "applications" / "knockrummy.desktop").read_text(encoding="utf-8")
    assert f"Exec={installed}" in desktop.splitlines()
