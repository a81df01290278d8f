#include "sim/granular/GranularExport.h"

#include <cstdint>
#include <cstring>
#include <ostream>

#include "impact/ImpactResult.h"

namespace impactlab::granular {

namespace {

// Decimal digits that round-trip a double.
constexpr int kRoundTripDigits = 17;

// Appends the raw bytes of `v` in little-endian order (this code assumes a
// little-endian host, as the file's byte_order states; x86 and ARM Linux are).
template <typename T>
void appendRaw(std::vector<unsigned char>& bytes, T v) {
    unsigned char raw[sizeof(T)];
    std::memcpy(raw, &v, sizeof(T));
    bytes.insert(bytes.end(), raw, raw + sizeof(T));
}

// One DataArray's content: the values, written as text or as base64 of a
// UInt64 byte count followed by the raw values (one stream, uncompressed).
class ArrayWriter {
public:
    ArrayWriter(std::ostream& out, VtkEncoding encoding) : out_(out), encoding_(encoding) {}

    template <typename T>
    void write(const std::string& type, const std::string& name, int components, const std::vector<T>& values) {
        // NumberOfTuples is needed in FieldData and harmless elsewhere.
        out_ << "        <DataArray type=\"" << type << "\" Name=\"" << name << "\" NumberOfComponents=\"" << components
             << "\" NumberOfTuples=\"" << values.size() / components << "\" format=\"" << (encoding_ == VtkEncoding::Ascii ? "ascii" : "binary") << "\">\n          ";
        if (encoding_ == VtkEncoding::Ascii) {
            for (std::size_t i = 0; i < values.size(); ++i) out_ << (i ? " " : "") << values[i];
        } else {
            std::vector<unsigned char> bytes;
            bytes.reserve(sizeof(std::uint64_t) + values.size() * sizeof(T));
            appendRaw<std::uint64_t>(bytes, static_cast<std::uint64_t>(values.size() * sizeof(T)));
            for (const T& v : values) appendRaw<T>(bytes, v);
            out_ << encodeBase64(bytes.data(), bytes.size());
        }
        out_ << "\n        </DataArray>\n";
    }

private:
    std::ostream& out_;
    VtkEncoding encoding_;
};

std::vector<double> flatten(const std::vector<Vec3>& v) {
    std::vector<double> out;
    out.reserve(3 * v.size());
    for (const Vec3& x : v) out.insert(out.end(), {x.x(), x.y(), x.z()});
    return out;
}

// RFC 4180: quote a field holding a comma, a quote or a line break.
std::string quoteCsv(const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string escapeXml(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace

std::string encodeBase64(const unsigned char* data, std::size_t size) {
    static const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((size + 2) / 3 * 4);
    std::size_t i = 0;
    for (; i + 2 < size; i += 3) {
        const std::uint32_t v = (std::uint32_t(data[i]) << 16) | (std::uint32_t(data[i + 1]) << 8) | data[i + 2];
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += kAlphabet[(v >> 6) & 63];
        out += kAlphabet[v & 63];
    }
    if (i < size) {
        const bool two = i + 1 < size;
        const std::uint32_t v = (std::uint32_t(data[i]) << 16) | (two ? std::uint32_t(data[i + 1]) << 8 : 0u);
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += two ? kAlphabet[(v >> 6) & 63] : '=';
        out += '=';
    }
    return out;
}

void writeVtpFrame(std::ostream& out, const GranularFrame& frame, VtkEncoding encoding) {
    const std::size_t n = frame.size();
    out.precision(kRoundTripDigits);
    out << "<?xml version=\"1.0\"?>\n"
        << "<VTKFile type=\"PolyData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n"
        << "  <PolyData>\n"
        << "    <FieldData>\n";
    ArrayWriter arrays(out, encoding);
    arrays.write("Float64", "TimeValue", 1, std::vector<double>{frame.time});
    out << "    </FieldData>\n"
        << "    <Piece NumberOfPoints=\"" << n << "\" NumberOfVerts=\"" << n
        << "\" NumberOfLines=\"0\" NumberOfStrips=\"0\" NumberOfPolys=\"0\">\n"
        << "      <PointData Scalars=\"speed\" Vectors=\"velocity\">\n";
    std::vector<double> speed(n);
    for (std::size_t i = 0; i < n; ++i) speed[i] = frame.velocities[i].norm();
    arrays.write("Float64", "velocity", 3, flatten(frame.velocities));
    arrays.write("Float64", "angular_velocity", 3, flatten(frame.angularVelocities));
    arrays.write("Float64", "radius", 1, frame.radii);
    arrays.write("Float64", "speed", 1, speed);
    arrays.write("Int64", "id", 1, frame.ids);
    out << "      </PointData>\n"
        << "      <Points>\n";
    arrays.write("Float64", "Points", 3, flatten(frame.positions));
    out << "      </Points>\n"
        << "      <Verts>\n";
    std::vector<std::int64_t> connectivity(n), offsets(n);
    for (std::size_t i = 0; i < n; ++i) {
        connectivity[i] = static_cast<std::int64_t>(i);
        offsets[i] = static_cast<std::int64_t>(i + 1);
    }
    arrays.write("Int64", "connectivity", 1, connectivity);
    arrays.write("Int64", "offsets", 1, offsets);
    out << "      </Verts>\n"
        << "    </Piece>\n"
        << "  </PolyData>\n"
        << "</VTKFile>\n";
}

void writePvdCollection(std::ostream& out, const std::vector<VtkCollectionEntry>& entries) {
    out.precision(kRoundTripDigits);
    out << "<?xml version=\"1.0\"?>\n"
        << "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n"
        << "  <Collection>\n";
    for (const VtkCollectionEntry& e : entries)
        out << "    <DataSet timestep=\"" << e.time << "\" group=\"\" part=\"0\" file=\"" << escapeXml(e.file) << "\"/>\n";
    out << "  </Collection>\n"
        << "</VTKFile>\n";
}

void writeFrameCsv(std::ostream& out, const GranularFrame& frame) {
    out.precision(kRoundTripDigits);
    out << "id,x [m],y [m],z [m],vx [m/s],vy [m/s],vz [m/s],wx [rad/s],wy [rad/s],wz [rad/s],radius [m]\n";
    for (std::size_t i = 0; i < frame.size(); ++i) {
        const Vec3& x = frame.positions[i];
        const Vec3& v = frame.velocities[i];
        const Vec3& w = frame.angularVelocities[i];
        out << frame.ids[i] << ',' << x.x() << ',' << x.y() << ',' << x.z() << ',' << v.x() << ',' << v.y() << ','
            << v.z() << ',' << w.x() << ',' << w.y() << ',' << w.z() << ',' << frame.radii[i] << '\n';
    }
}

void writeStepsCsvHeader(std::ostream& out) {
    out << "step,t [s],particles,contacts,iterations,residual [m/s],max_penetration [m],status,inserted,discharged,lost\n";
}

void writeStepsCsvRow(std::ostream& out, const GranularStepRecord& r) {
    out.precision(kRoundTripDigits);
    const StepStatistics& s = r.stats;
    out << r.step << ',' << r.time << ',' << s.particles << ',' << s.contacts << ',' << s.iterations << ',' << s.residual
        << ',' << s.maxPenetration << ',' << toString(s.status) << ',' << s.inserted << ',' << s.discharged << ','
        << s.lost << '\n';
}

void writeStepsCsv(std::ostream& out, const std::vector<GranularStepRecord>& steps) {
    writeStepsCsvHeader(out);
    for (const GranularStepRecord& r : steps) writeStepsCsvRow(out, r);
}

void writeFieldCsv(std::ostream& out, const BinnedField& field, const std::string& quantity, const std::string& unit) {
    out.precision(kRoundTripDigits);
    const std::string u = " [" + unit + "]";
    out << "ix,iy,x [m],y [m],samples," << quoteCsv(quantity + "_x" + u) << ',' << quoteCsv(quantity + "_y" + u) << ','
        << quoteCsv(quantity + "_z" + u) << ',' << quoteCsv("mean |" + quantity + "|" + u) << '\n';
    const FieldGrid& g = field.grid;
    const double wx = (g.xMax - g.xMin) / g.nx, wy = (g.yMax - g.yMin) / g.ny;
    for (int iy = 0; iy < g.ny; ++iy)
        for (int ix = 0; ix < g.nx; ++ix) {
            const int k = field.index(ix, iy);
            const Vec3& m = field.mean[k];
            out << ix << ',' << iy << ',' << g.xMin + (ix + 0.5) * wx << ',' << g.yMin + (iy + 0.5) * wy << ','
                << field.samples[k] << ',' << m.x() << ',' << m.y() << ',' << m.z() << ',' << field.meanMagnitude[k]
                << '\n';
        }
}

void writeRadialDistributionCsv(std::ostream& out, const RadialDistribution& rdf, double diameter) {
    out.precision(kRoundTripDigits);
    out << "r [m],r/d,g\n";
    for (std::size_t k = 0; k < rdf.r.size(); ++k) out << rdf.r[k] << ',' << rdf.r[k] / diameter << ',' << rdf.g[k] << '\n';
}

}  // namespace impactlab::granular
