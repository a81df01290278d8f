#pragma once
// Writing granular frames and analyses to streams: VTK XML PolyData (.vtp)
// that ParaView opens, a ParaView collection (.pvd) of such frames over time,
// and CSV. The writers are the project's own (core does not depend on VTK);
// the files follow the VTK XML file format (vtk.org "VTK File Formats", XML
// PolyData): one point per particle with a vertex cell each, so ParaView
// draws the points at once (its "Point Gaussian" representation shows them
// as spheres, scaled by the "radius" array), and point data "velocity",
// "angular_velocity" (vectors), "radius", "speed" and "id".
#include <iosfwd>
#include <string>
#include <vector>

#include "sim/granular/GranularAnalysis.h"
#include "sim/granular/GranularRun.h"

namespace impactlab::granular {

// ascii: numbers as text (readable, larger); binary: base64-encoded raw
// little-endian arrays inside the XML (format="binary", a UInt64 byte-count
// header per array), about 40 % smaller and exact.
enum class VtkEncoding { Ascii, Binary };

void writeVtpFrame(std::ostream& out, const GranularFrame& frame, VtkEncoding encoding = VtkEncoding::Binary);

// A .pvd collection listing frame files (paths as written, relative to the
// .pvd) with their times, so ParaView loads them as one time series.
struct VtkCollectionEntry {
    double time = 0.0;   // s
    std::string file;
};
void writePvdCollection(std::ostream& out, const std::vector<VtkCollectionEntry>& entries);

// CSV with a header row naming each column with its unit:
// a frame, one row per particle: id, x, y, z, vx, vy, vz, wx, wy, wz, radius;
void writeFrameCsv(std::ostream& out, const GranularFrame& frame);
// the step records, one row per step: step, t, particles, contacts,
// iterations, residual, max_penetration, status, inserted, discharged, lost
// (header and rows also apart, for writing as a run goes);
void writeStepsCsv(std::ostream& out, const std::vector<GranularStepRecord>& steps);
void writeStepsCsvHeader(std::ostream& out);
void writeStepsCsvRow(std::ostream& out, const GranularStepRecord& record);
// a binned field, one row per cell: ix, iy, x and y of the cell's centre,
// samples, mean (3 components) and mean magnitude;
void writeFieldCsv(std::ostream& out, const BinnedField& field, const std::string& quantity, const std::string& unit);
// g(r), one row per bin: r, r/d, g.
void writeRadialDistributionCsv(std::ostream& out, const RadialDistribution& rdf, double diameter);

// Standard base64 (RFC 4648) of raw bytes.
std::string encodeBase64(const unsigned char* data, std::size_t size);

}  // namespace impactlab::granular
