"""Checks a Python program's calls into the generated `pulumi_observability` package against that package's source.

    python3 python_calls.py <folder holding pulumi_observability> <program.py>

Python's `pulumi` package cannot be installed on the machines of the engine suite, so the program is not run: both
are parsed with `ast`. Every `<alias>.<Name>(...)` of the program, where `<alias>` is what it imports
`pulumi_observability` as, must name a class or a function the package exports (a module's `__all__`, or its public
top-level names), and every keyword argument must be a parameter of that class's `__init__` (any of its overloads) or
of that function. Prints one JSON object, `{"calls": <n>, "problems": [...]}`, and exits 1 when a problem is found.
"""
import ast
import json
import pathlib
import sys

PACKAGE = "pulumi_observability"


def parameters(function):
    """The names a call may pass by keyword (not `self`, not `*args`/`**kwargs`)."""
    args = function.args
    names = [a.arg for a in args.args + args.kwonlyargs]
    return {name for name in names if name not in ("self", "__self__", "cls")}


def exported(tree):
    """The names a module exports: its `__all__` when it has one, else its public top-level names."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return {ast.literal_eval(element) for element in node.value.elts}
    return None


def package_api(folder):
    """Every exported class and function of the package's top-level modules, with its keyword parameters."""
    api = {}
    for file in sorted((folder / PACKAGE).glob("*.py")):
        tree = ast.parse(file.read_text(encoding="utf-8"), str(file))
        names = exported(tree)
        for node in tree.body:
            if not isinstance(node, (ast.ClassDef, ast.FunctionDef)):
                continue
            if (node.name not in names) if names is not None else node.name.startswith("_"):
                continue
            if isinstance(node, ast.ClassDef):
                params = set()
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                        params |= parameters(item)
                api.setdefault(node.name, set()).update(params)
            elif isinstance(node, ast.FunctionDef):
                api.setdefault(node.name, set()).update(parameters(node))
    return api


def aliases(tree):
    """What the program imports the package as."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.asname or alias.name for alias in node.names if alias.name == PACKAGE}
    return found


def main(folder, program):
    api = package_api(pathlib.Path(folder))
    tree = ast.parse(pathlib.Path(program).read_text(encoding="utf-8"), program)
    names = aliases(tree)
    problems = []
    calls = 0
    if not names:
        problems.append(f"{program} does not import {PACKAGE}")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        if not (isinstance(owner, ast.Name) and owner.id in names):
            continue
        calls += 1
        name = node.func.attr
        where = f"{program}:{node.lineno}"
        if name not in api:
            problems.append(f"{where}: {PACKAGE} has no class or function {name}")
            continue
        for keyword in node.keywords:
            if keyword.arg is None:
                problems.append(f"{where}: {name}(**...) cannot be checked")
            elif keyword.arg not in api[name]:
                problems.append(f"{where}: {name} takes no argument {keyword.arg}")
    print(json.dumps({"calls": calls, "problems": problems}))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
