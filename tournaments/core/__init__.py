"""Pure Python shared by the pure cores (pairing, standings, TRF): no Django.

``fide_tables`` holds the FIDE Rating Regulations' tables 8.1.1 and 8.1.2 (the standings' rating
tie-breaks and ``ratings.core.elo`` read them).
"""
