"""Bridges to other game frameworks: OpenSpiel (:mod:`partyrules.adapters.openspiel`,
extra ``[openspiel]``), PettingZoo (:mod:`partyrules.adapters.pettingzoo`, extra
``[pettingzoo]``) and Gymnasium's single-agent API
(:mod:`partyrules.adapters.gymnasium`, extra ``[gymnasium]``). They share
:mod:`partyrules.adapters.driver`: how the table's rulings, races and simultaneous steps
map onto players ``0..n-1``, and how actions are numbered; and
:mod:`partyrules.adapters.rewards`, what learners are paid. The adapters reach games only
through the registry.
"""
