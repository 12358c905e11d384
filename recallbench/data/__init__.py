"""What a benchmark is made of: personas, their days and questions, and which questions a checkpoint asks.

Records (:mod:`.persona`, :mod:`.qa`, :mod:`.corpus`), pure functions over them (:mod:`.ranges`,
:mod:`.selection`, :mod:`.shuffle`, :mod:`.plan`, :mod:`.matching`) and the dataset I/O edge: reading
persona directories (:mod:`.dataset`, over :mod:`._yaml` and :mod:`._schema`) and checking them
(:mod:`.validate`, :mod:`.deepcheck`). Nothing here runs an adapter or a judge; the pure modules import
no anyio, grpc, aiohttp or matplotlib.
"""
