"""The auction period (Laws 17 to 39, as far as their rectifications reach the play): calls, the legal auction
and the contract it gives, and the irregularities of Laws 24, 25, 26, 27, 29 to 32, 36 and 37.

Pure Python over :mod:`bridgelaws.cards` and :mod:`bridgelaws.laws`: :mod:`.calls` (the calls), :mod:`.engine`
(the auction as a fold of events, with the laws). The play engine takes the auction's result through
:mod:`bridgelaws.rules.auction`.
"""
