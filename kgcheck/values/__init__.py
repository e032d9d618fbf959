"""Parsing of values from text: dates, times and periods (:mod:`.temporal`), amounts and
units (:mod:`.quantities`) and the tense of a clause (:mod:`.tense`).

A leaf layer: it imports neither :mod:`kgcheck.kb` nor :mod:`kgcheck.nlp` at run time; both use
it. (The ``anchor`` field of a date or amount, which :mod:`kgcheck.nlp.anchors` fills in, is
named for the type checker only.)
"""
