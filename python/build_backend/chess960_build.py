"""The PEP 517 build backend of the chess960 Python package.

`pip install .` calls it with no build requirement to fetch (offline): it configures this
repository with CMake (the library alone plus the pybind11 module, for the Python running the
build), builds the module, and packs it with python/chess960/*.py into a wheel. Debian's
pybind11 (python3-pybind11 brings pybind11-dev's headers and CMake package) serves any Python
3.11, Debian's or pyenv's. ccache is used when it is installed. The build directory,
build-python-<tag>-<interpreter>, sits in the repository next to build/, so ccache shares its
objects.
"""

import base64
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

NAME = "chess960"
ROOT = pathlib.Path(__file__).resolve().parents[2]


def _version():
    for line in (ROOT / "pyproject.toml").read_text().splitlines():
        if line.startswith("version = "):
            return line.split('"')[1]
    raise RuntimeError("no version in pyproject.toml")


def _tag():
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{python}-{python}-{platform}"


def _metadata():
    summary = "Chess960 (Fischer Random Chess) rules: legal moves, FEN, SAN, UCI, PGN, in C++"
    readme = ROOT / "python" / "README.md"
    text = (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\nVersion: {_version()}\nSummary: {summary}\n"
        "License: GPL-3.0-or-later\nRequires-Python: >=3.9\n"
        "Description-Content-Type: text/markdown\n\n"
    )
    if readme.exists():
        text += readme.read_text()
    return text


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    info = pathlib.Path(metadata_directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata())
    return info.name


def _run(command):
    print("chess960_build:", " ".join(str(c) for c in command), flush=True)
    subprocess.run([str(c) for c in command], check=True, cwd=ROOT)


def _build_module():
    """Builds the extension; returns the build tree's package directory."""
    cmake = shutil.which("cmake")
    if not cmake:
        raise RuntimeError("cmake is needed to build chess960 (apt-get install cmake)")
    # One build directory per interpreter installation (Debian's, pyenv's ...), whatever venv.
    base = hashlib.sha256(sys.base_prefix.encode()).hexdigest()[:8]
    build = ROOT / f"build-python-{_tag()}-{base}"
    configure = [
        cmake, "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release",
        "-DCHESS960_LIBRARY_ONLY=ON", "-DCHESS960_PYTHON=ON",
        f"-DCHESS960_PYTHON_EXECUTABLE={sys.executable}",
    ]
    if shutil.which("ccache"):
        configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    _run(configure)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(min(os.cpu_count() or 1, 2))
    _run([cmake, "--build", build, "--target", "chess960_python_package", "-j", jobs])
    package = build / "python" / NAME
    if not any(package.glob("_chess960*")):
        raise RuntimeError(
            f"the Python module was not built in {package}: is pybind11 installed "
            "(apt-get install python3-pybind11)?")
    return package


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_module()
    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    path = pathlib.Path(wheel_directory) / wheel_name
    info = _dist_info()
    records = []
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        def add(name, data):
            wheel.writestr(name, data)
            records.append(_record_line(name, data))

        for file in sorted(package.iterdir()):
            if file.is_file() and not file.name.endswith(".pyc"):
                add(f"{NAME}/{file.name}", file.read_bytes())
        add(f"{info}/METADATA", _metadata().encode())
        add(f"{info}/WHEEL", (
            "Wheel-Version: 1.0\nGenerator: chess960_build\nRoot-Is-Purelib: false\n"
            f"Tag: {_tag()}\n").encode())
        add(f"{info}/top_level.txt", f"{NAME}\n".encode())
        record = "\n".join(records + [f"{info}/RECORD,,"]) + "\n"
        wheel.writestr(f"{info}/RECORD", record)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    """The tracked files of the repository (git ls-files) as NAME-VERSION.tar.gz."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode().split("\0")
    base = f"{NAME}-{_version()}"
    path = pathlib.Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for name in files:
            if name and (ROOT / name).is_file():
                tar.add(ROOT / name, arcname=f"{base}/{name}")
    return path.name
