"""partyrules.core.records: fast_evolve gives what attrs.evolve gives, for every game's
State, and refuses the classes it would evolve differently; fast_records builds what the
class builds; the tuple helpers."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import partyrules
from partyrules.core import testing
from partyrules.core.records import (
    fast_evolve,
    fast_new,
    fast_records,
    fast_replace,
    replaced,
    without_every,
    without_first,
)


@attrs.frozen(slots=True)
class Point:
    x: int
    y: int = 0
    label: str = ""
    tags: tuple[str, ...] = ()


EVOLVE_POINT = fast_evolve(Point)
FIELDS = ("x", "y", "label", "tags")


@pytest.mark.parametrize("name", sorted(partyrules.GAMES))
def test_fast_evolve_of_every_state_equals_attrs_evolve(name: str) -> None:
    game = partyrules.get_game(name)
    evolve = fast_evolve(game.State)
    pt = testing.play_random(game, seed=1, players=game.min_players)
    fields = [field.name for field in attrs.fields(game.State)]
    old, new = pt.states[0], pt.states[-1]
    for count in (0, 1, 2, 3, 4, len(fields)):
        changes = {field: getattr(new, field) for field in fields[-count:]} if count else {}
        made = evolve(old, changes)
        assert made == attrs.evolve(old, **changes)
        assert type(made) is game.State and hash(made) == hash(attrs.evolve(old, **changes))
        assert made is not old
    assert evolve(old, {field: getattr(new, field) for field in fields}) == new


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), st.integers() | st.text(max_size=3)))
def test_fast_evolve_takes_any_subset_of_the_fields(changes: dict[str, object]) -> None:
    point = Point(1, 2, "a", ("t",))
    assert EVOLVE_POINT(point, changes) == attrs.evolve(point, **changes)
    assert point == Point(1, 2, "a", ("t",))  # the old record is left as it was


@pytest.mark.parametrize("changes", [{"z": 1}, {"x": 1, "y": 2, "label": "", "z": 1}],
                         ids=["alone", "among-fields"])
def test_fast_evolve_refuses_a_name_that_is_no_field(changes: dict[str, object]) -> None:
    with pytest.raises(TypeError, match="Point has no field 'z'"):
        EVOLVE_POINT(Point(1), changes)
    with pytest.raises(TypeError):
        attrs.evolve(Point(1), **changes)


def test_a_fast_evolved_record_stays_frozen() -> None:
    moved = EVOLVE_POINT(Point(1), {"y": 3})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        moved.y = 4  # type: ignore[misc]


@attrs.frozen(slots=True)
class Validated:
    x: int = attrs.field(validator=attrs.validators.ge(0))


@attrs.frozen(slots=True)
class Converted:
    x: int = attrs.field(converter=int)


@attrs.frozen(slots=True, cache_hash=True)
class Cached:
    x: int


@attrs.frozen(slots=True)
class Hooked:
    x: int

    def __attrs_post_init__(self) -> None:
        pass


@attrs.frozen(slots=False)
class Dict:
    x: int


@attrs.frozen(slots=True)
class NotInit:
    x: int
    y: int = attrs.field(init=False, default=0)


@attrs.frozen(slots=True)
class Private:
    _x: int


class Plain:
    __slots__ = ("x",)


@pytest.mark.parametrize(("cls", "words"), [
    (Validated, "validator"), (Converted, "converter"), (Cached, "cached hash"),
    (Hooked, "hook"), (Dict, "not a slots class"), (NotInit, "'y'"), (Private, "'_x'"),
    (Plain, "not an attrs class")])
def test_fast_evolve_refuses_a_class_it_would_evolve_differently(cls: type,
                                                                 words: str) -> None:
    with pytest.raises(TypeError, match=words):
        fast_evolve(cls)


@attrs.frozen(slots=True)
class Base:
    a: int


@attrs.frozen(slots=True)
class Derived(Base):
    b: int = 0


def test_fast_evolve_sets_the_slots_of_a_base_class_too() -> None:
    evolve = fast_evolve(Derived)
    assert evolve(Derived(1, 2), {"a": 5}) == Derived(5, 2)
    assert evolve(Derived(1, 2), {}) == Derived(1, 2)


# -- many records at once --------------------------------------------------------------------


BUILD_POINTS = fast_records(Point)


@given(st.lists(st.tuples(st.integers(), st.integers(), st.text(max_size=3),
                          st.tuples(st.text(max_size=2)))))
def test_fast_records_builds_what_the_class_builds(rows: list[tuple[int, int, str,
                                                                     tuple[str]]]) -> None:
    columns = list(zip(*rows, strict=True)) or [(), (), (), ()]
    built = BUILD_POINTS(len(rows), *columns)
    assert built == [Point(*row) for row in rows]
    assert all(type(point) is Point for point in built)
    assert [hash(point) for point in built] == [hash(Point(*row)) for row in rows]


def test_fast_records_takes_iterators_and_stops_at_count() -> None:
    built = BUILD_POINTS(2, itertools.repeat(7), itertools.count(), iter("ab"), ((), ()))
    assert built == [Point(7, 0, "a"), Point(7, 1, "b")]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built[0].x = 1  # type: ignore[misc]


def test_fast_records_wants_a_column_per_field() -> None:
    with pytest.raises(TypeError, match="4 fields"):
        BUILD_POINTS(1, [1], [2])


@pytest.mark.parametrize(("cls", "words"), [
    (Validated, "validator"), (Cached, "cached hash"), (Hooked, "hook"),
    (Plain, "not an attrs class")])
def test_fast_records_refuses_what_fast_evolve_refuses(cls: type, words: str) -> None:
    with pytest.raises(TypeError, match=f"fast_records.*{words}"):
        fast_records(cls)


# -- the tuple helpers ---------------------------------------------------------------------


@settings(max_examples=80)
@given(st.lists(st.integers(0, 4), min_size=1), st.data())
def test_replaced_changes_one_item(items: list[int], data: st.DataObject) -> None:
    index = data.draw(st.integers(-len(items), len(items) - 1))
    expected = list(items)
    expected[index] = 9
    assert replaced(tuple(items), index, 9) == tuple(expected)


def test_replaced_refuses_an_index_past_the_end() -> None:
    with pytest.raises(IndexError):
        replaced((1, 2), 2, 0)


@settings(max_examples=80)
@given(st.lists(st.integers(0, 4)), st.integers(0, 4))
def test_without_first_and_without_every(items: list[int], value: int) -> None:
    every = without_every(tuple(items), value)
    assert every == tuple(item for item in items if item != value)
    if value in items:
        first = list(items)
        first.remove(value)
        assert without_first(tuple(items), value) == tuple(first)
    else:
        assert every == tuple(items)
        with pytest.raises(ValueError):
            without_first(tuple(items), value)


@settings(max_examples=60, deadline=None)
@given(st.integers(), st.integers(), st.text(max_size=3), st.sampled_from(FIELDS))
def test_fast_new_and_fast_replace_build_what_the_class_and_evolve_build(
        x: int, y: int, label: str, field: str) -> None:
    point = fast_new(Point)(x, y, label, ("t",))
    assert point == Point(x, y, label, ("t",)) and type(point) is Point
    assert fast_replace(Point, field)(point, 7) == attrs.evolve(point, **{field: 7})
    assert point == Point(x, y, label, ("t",))  # the old record is left as it was


def test_fast_new_and_fast_replace_refuse_what_fast_evolve_refuses() -> None:
    @attrs.frozen(slots=True)
    class Checked:
        seat: int = attrs.field(validator=attrs.validators.ge(0))

    with pytest.raises(TypeError, match=r"fast_new.*validator"):
        fast_new(Checked)
    with pytest.raises(TypeError, match=r"fast_replace.*validator"):
        fast_replace(Checked, "seat")
    with pytest.raises(TypeError, match="no field 'z'"):
        fast_replace(Point, "z")
