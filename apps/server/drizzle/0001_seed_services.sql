-- Default catalogue of a new install; the owner edits it from the back office.
INSERT INTO "service" ("style", "type", "name", "description", "durations", "sort_order") VALUES
('therapeutic', 'swedish', 'Swedish massage', 'Long, flowing strokes with warm oil to ease tension and calm the mind.', '[{"minutes":60,"pricePence":7000},{"minutes":90,"pricePence":9500},{"minutes":120,"pricePence":12000}]', 10),
('therapeutic', 'deeptissue', 'Deep tissue massage', 'Firm, slow pressure on the deeper layers of muscle for knots, stiffness and sports recovery.', '[{"minutes":60,"pricePence":8000},{"minutes":90,"pricePence":10500},{"minutes":120,"pricePence":13500}]', 20),
('therapeutic', 'both', 'Swedish and deep tissue combination', 'Relaxing Swedish strokes with deep tissue work where you need it most.', '[{"minutes":90,"pricePence":10000},{"minutes":120,"pricePence":13000}]', 30),
('sensual', 'sensual', 'Sensual massage', 'A slow, intimate full-body massage for adults, in a discreet private space.', '[{"minutes":60,"pricePence":12000},{"minutes":90,"pricePence":16000}]', 40),
('sensual', 'naturist', 'Naturist massage', 'A full-body massage in which the therapist is also unclothed; adults only.', '[{"minutes":60,"pricePence":13000},{"minutes":90,"pricePence":17000}]', 50),
('sensual', 'bodytobody', 'Body-to-body massage', 'An intimate massage given with the whole body; adults only.', '[{"minutes":60,"pricePence":15000},{"minutes":90,"pricePence":20000}]', 60)
ON CONFLICT DO NOTHING;
