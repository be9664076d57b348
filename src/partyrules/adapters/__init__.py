"""Bridges to other game frameworks: OpenSpiel (:mod:`partyrules.adapters.openspiel`,
extra ``[openspiel]``) and PettingZoo (:mod:`partyrules.adapters.pettingzoo`, extra
``[pettingzoo]``). Both share :mod:`partyrules.adapters.driver`: how the table's
rulings, races and simultaneous steps map onto players ``0..n-1``, and how actions are
numbered. The adapters reach games only through the registry.
"""
