"""A faster constructor for frozen slotted dataclasses (the engine's events).

A frozen dataclass sets each field through ``object.__setattr__``, which costs several
times a plain attribute store; the engine makes hundreds of events per game, and that was a
fifth of a random game's time. ``fast_constructor(cls)`` builds the same value another
way: a private subclass of ``cls`` that adds no slots and allows assignment fills in the
fields with plain stores, then (in its ``__post_init__``, so one call makes the value) the
value's class is set to ``cls`` itself (Python allows that between classes of the same
layout). The result is an ordinary, frozen ``cls``
instance: equal to, hashed and shown like one made by ``cls(...)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def fast_constructor(cls: Callable[P, T]) -> Callable[P, T]:
    """A function that makes the same values as ``cls``, a frozen dataclass with slots and
    no ``__post_init__`` (TypeError otherwise), taking the same arguments."""
    if not (
        isinstance(cls, type)
        and dataclasses.is_dataclass(cls)
        and hasattr(cls, "__slots__")
        and not hasattr(cls, "__post_init__")
    ):
        raise TypeError(f"{cls!r} is not a slotted dataclass without __post_init__")
    fields = [
        (field.name, field.type, dataclasses.field(default=field.default))
        if field.default is not dataclasses.MISSING
        else (field.name, field.type)
        for field in dataclasses.fields(cls)
        if field.init
    ]

    def become_frozen(value: object) -> None:
        value.__class__ = cls

    stores = dataclasses.make_dataclass(
        f"{cls.__name__}Stores",
        fields,
        namespace={"__post_init__": become_frozen},
        repr=False,
        eq=False,
    )
    # The plain dataclass's __init__ (made with a __post_init__, so it calls one) stores the
    # fields, then the draft's __post_init__ switches the value to the frozen class.
    draft = type(
        f"_{cls.__name__}Draft",
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__init__": vars(stores)["__init__"],
            "__post_init__": become_frozen,
            "__doc__": cls.__doc__,
        },
    )
    return draft


class SharedValues(dict[tuple[object, ...], T]):
    """The values of the frozen dataclass ``cls`` by their arguments, each made on first use
    (``shared[args]`` is ``cls(*args)``): for values with few distinct arguments, which a
    game makes over and over. A lookup costs a fraction of making the value, and frozen values
    may be shared. Keep it to small sets of arguments: every value stays in the table."""

    def __init__(self, cls: Callable[..., T]) -> None:
        super().__init__()
        self._make = fast_constructor(cls)

    def __missing__(self, args: tuple[object, ...]) -> T:
        value = self[args] = self._make(*args)
        return value
