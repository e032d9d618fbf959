"""kgcheck.integrations: the core never imports a framework, and an integration without its
extra names the extra to install."""

from __future__ import annotations

import json

import pytest

from tests.test_packaging import _run  # python -c in a bare environment, blank pipeline


def test_integrations_core_imports_no_framework() -> None:
    done = _run(
        """
        import json, sys
        import kgcheck, kgcheck.checker, kgcheck.integrations
        print(json.dumps(sorted(m for m in sys.modules if m.startswith(("langchain", "llama")))))
        """
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize(
    ("module", "extra", "blocked"),
    [
        ("langchain", "langchain", "langchain_core"),
        ("llamaindex", "llamaindex", "llama_index.core"),
    ],
)
def test_integrations_without_their_extra_name_it(module: str, extra: str, blocked: str) -> None:
    done = _run(
        f"""
        import importlib.abc, sys

        class Block(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name == {blocked!r} or name.startswith({blocked!r} + "."):
                    raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
                return None

        sys.meta_path.insert(0, Block())
        try:
            import kgcheck.integrations.{module}
        except ImportError as exc:
            print(exc)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"kgcheck.integrations.{module} needs the [{extra}] extra "
        f'({blocked} not installed): pip install "kgcheck[{extra}]"'
    )
