#include "store/explorer_index.hpp"

#include <rocksdb/convenience.h>
#include <rocksdb/db.h>
#include <rocksdb/filter_policy.h>
#include <rocksdb/slice_transform.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/table.h>
#include <rocksdb/write_batch.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <filesystem>
#include <utility>

#include "store/store.hpp"

namespace chess960::server {

namespace {

// A row's key: 'p', the position's key, the game's id, both big-endian (so that the bytes sort
// as the numbers: a position's rows are together, by game). Its value: the entry.
constexpr char kRowTag = 'p';
constexpr std::size_t kPrefixBytes = 9;
constexpr std::size_t kRowKeyBytes = 17;
// Where the index says how far it got: not a row's key (shorter, another first byte).
constexpr const char* kIndexedTo = "m:indexed_to";
// A batch this large goes in as a sorted file (SstFileWriter, ingested): no log, no memtable.
constexpr std::size_t kIngestRows = 50'000;

void put_be(char* out, std::uint64_t v) {
    for (int i = 7; i >= 0; --i) {
        out[i] = char(v & 0xFF);
        v >>= 8;
    }
}

std::uint64_t get_be(const char* in) {
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | std::uint8_t(in[i]);
    return v;
}

std::string int_text(std::int64_t v) {
    std::string bytes(8, '\0');
    put_be(bytes.data(), std::uint64_t(v));
    return bytes;
}

void check(const rocksdb::Status& status, const std::string& dir, const char* doing) {
    if (!status.ok())
        throw StoreError("explorer index " + dir + ": " + doing + " failed (" + status.ToString() +
                         ")");
}

rocksdb::CompressionType fastest_compression() {
    const auto supported = rocksdb::GetSupportedCompressions();
    for (auto kind : {rocksdb::kLZ4Compression, rocksdb::kSnappyCompression})
        if (std::find(supported.begin(), supported.end(), kind) != supported.end()) return kind;
    return rocksdb::kNoCompression;
}

// Sorts rows by key as unsigned numbers (the bytes' order), keeping the order of rows with the
// same key (a batch's rows come by game id): a radix sort, 16 bits a pass, a tenth of
// std::sort's time on the 2.4 million rows of a 50,000-game batch (std::sort was 4% of an
// import's CPU).
void sort_by_key(std::vector<IndexRow>& rows) {
    std::vector<IndexRow> other(rows.size());
    std::vector<std::size_t> counts(std::size_t(1) << 16);
    for (int shift = 0; shift < 64; shift += 16) {
        std::fill(counts.begin(), counts.end(), 0);
        for (const IndexRow& row : rows) ++counts[(std::uint64_t(row.key) >> shift) & 0xFFFF];
        std::size_t at = 0;
        for (std::size_t& count : counts) at += std::exchange(count, at);
        for (const IndexRow& row : rows)
            other[counts[(std::uint64_t(row.key) >> shift) & 0xFFFF]++] = row;
        rows.swap(other);
    }
}

}  // namespace

struct ExplorerIndex::Impl {
    rocksdb::Options options;
    std::unique_ptr<rocksdb::DB> db;
    std::atomic<std::uint64_t> files{0};
};

ExplorerIndex::ExplorerIndex(const std::string& dir, bool temporary)
    : dir_(dir), temporary_(temporary), impl_(std::make_unique<Impl>()) {
    rocksdb::Options& o = impl_->options;
    o.create_if_missing = true;
    o.IncreaseParallelism(2);
    o.OptimizeLevelStyleCompaction(64 << 20);
    o.compression = fastest_compression();
    o.prefix_extractor.reset(rocksdb::NewFixedPrefixTransform(kPrefixBytes));
    rocksdb::BlockBasedTableOptions table;
    // A position's rows are found by their prefix: a Bloom filter on it spares the files without.
    table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
    table.whole_key_filtering = false;
    table.block_cache = rocksdb::NewLRUCache(std::size_t(128) << 20);
    o.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
    rocksdb::DB* db = nullptr;
    const rocksdb::Status status = rocksdb::DB::Open(o, dir, &db);
    if (status.IsIOError() && status.ToString().find("lock") != std::string::npos)
        throw ExplorerIndexBusy("explorer index " + dir + " is open in another process");
    check(status, dir, "opening");
    impl_->db.reset(db);
}

ExplorerIndex::~ExplorerIndex() {
    impl_->db.reset();
    if (temporary_) {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
}

void ExplorerIndex::add(std::vector<IndexRow> rows, std::int64_t indexed_to) {
    rocksdb::DB& db = *impl_->db;
    auto key_of = [](const IndexRow& row) {
        std::string key(kRowKeyBytes, kRowTag);
        put_be(key.data() + 1, std::uint64_t(row.key));
        put_be(key.data() + kPrefixBytes, std::uint64_t(row.game));
        return key;
    };
    if (rows.size() >= kIngestRows) {
        // By key, then by game: the rows come by game (IndexKeeper adds them so), and a sort
        // that keeps the order of equal keys leaves them so.
        const auto by_game = [](const IndexRow& a, const IndexRow& b) { return a.game < b.game; };
        if (!std::is_sorted(rows.begin(), rows.end(), by_game))
            std::stable_sort(rows.begin(), rows.end(), by_game);
        sort_by_key(rows);
        const std::string file = dir_ + "/ingest-" + std::to_string(getpid()) + "-" +
                                 std::to_string(impl_->files++) + ".sst";
        rocksdb::SstFileWriter writer(rocksdb::EnvOptions(), impl_->options);
        check(writer.Open(file), dir_, "writing a batch");
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // The same row twice (a game read again) is one key: the last is kept.
            if (i + 1 < rows.size() && rows[i + 1].key == rows[i].key &&
                rows[i + 1].game == rows[i].game)
                continue;
            check(writer.Put(key_of(rows[i]), int_text(rows[i].entry)), dir_, "writing a batch");
        }
        check(writer.Finish(), dir_, "writing a batch");
        rocksdb::IngestExternalFileOptions ingest;
        ingest.move_files = true;
        const rocksdb::Status status = db.IngestExternalFile({file}, ingest);
        std::error_code ignored;
        std::filesystem::remove(file, ignored);
        check(status, dir_, "adding a batch");
        rows.clear();
    }
    rocksdb::WriteBatch batch;
    for (const IndexRow& row : rows) batch.Put(key_of(row), int_text(row.entry));
    batch.Put(kIndexedTo, int_text(indexed_to));
    check(db.Write(rocksdb::WriteOptions(), &batch), dir_, "adding games");
}

std::vector<IndexHit> ExplorerIndex::position(std::int64_t key) const {
    std::string prefix(kPrefixBytes, kRowTag);
    put_be(prefix.data() + 1, std::uint64_t(key));
    rocksdb::ReadOptions read;
    read.prefix_same_as_start = true;
    std::unique_ptr<rocksdb::Iterator> it(impl_->db->NewIterator(read));
    std::vector<IndexHit> hits;
    for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix); it->Next()) {
        const rocksdb::Slice k = it->key(), v = it->value();
        if (k.size() != kRowKeyBytes || v.size() != 8) continue;
        hits.push_back(
            {std::int64_t(get_be(k.data() + kPrefixBytes)), std::int64_t(get_be(v.data()))});
    }
    check(it->status(), dir_, "reading a position");
    return hits;
}

std::int64_t ExplorerIndex::indexed_to() const {
    std::string value;
    const rocksdb::Status status = impl_->db->Get(rocksdb::ReadOptions(), kIndexedTo, &value);
    if (status.IsNotFound()) return 0;
    check(status, dir_, "reading how far it got");
    return value.size() == 8 ? std::int64_t(get_be(value.data())) : 0;
}

std::uint64_t ExplorerIndex::bytes_on_disk() const {
    std::uint64_t bytes = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir_, ec))
        if (entry.is_regular_file(ec)) bytes += entry.file_size(ec);
    return bytes;
}

std::string default_explorer_dir(const std::string& db) { return db + ".explorer"; }

}  // namespace chess960::server
